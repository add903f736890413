"""Number, date and currency formats of the locales the external corpus writes in.

Each locale formats amounts and dates the way documents of that country print them; the ground
truth keeps the plain value (a number, an ISO 8601 date), so the engine is measured on reading
the printed form back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
}


@dataclass(frozen=True)
class Locale:
    code: str  # en-US, en-GB, de-DE, fr-FR, es-ES
    language: str  # en, de, fr, es
    currency: str  # ISO code
    symbol: str
    thousands: str
    decimal: str
    symbol_before: bool
    date_styles: tuple[str, ...]

    def amount(self, value: float, rng, with_currency: bool = True, unicode_spaces: bool = True) -> str:
        negative = value < 0
        whole, cents = f"{abs(value):.2f}".split(".")
        groups = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        groups.insert(0, whole)
        sep = self.thousands
        if sep == "\u202f" and not unicode_spaces:
            sep = " "
        text = sep.join(groups) + self.decimal + cents
        if negative:
            text = "-" + text
        if not with_currency:
            return text
        style = rng.random()
        if self.symbol_before:
            return f"{self.symbol}{text}" if style < 0.7 else f"{self.currency} {text}"
        return f"{text} {self.symbol}" if style < 0.7 else f"{text} {self.currency}"

    def date(self, day: dt.date, style: str) -> str:
        months = MONTHS[self.language]
        if style == "dmy_slash":
            return day.strftime("%d/%m/%Y")
        if style == "mdy_slash":
            return day.strftime("%m/%d/%Y")
        if style == "dmy_dot":
            return day.strftime("%d.%m.%Y")
        if style == "dmy_dash":
            return day.strftime("%d-%m-%Y")
        if style == "iso":
            return day.isoformat()
        if style == "long":
            m = months[day.month - 1]
            if self.code == "en-US":
                return f"{m} {day.day}, {day.year}"
            if self.language == "en":
                return f"{day.day} {m} {day.year}"
            if self.language == "de":
                return f"{day.day}. {m} {day.year}"
            if self.language == "fr":
                return f"{day.day} {m} {day.year}"
            return f"{day.day} de {m} de {day.year}"
        if style == "short_month":
            m = months[day.month - 1][:3]
            return f"{day.day:02d} {m} {day.year}" if self.code != "en-US" else f"{m} {day.day:02d}, {day.year}"
        raise ValueError(style)


LOCALES = {
    "en-US": Locale("en-US", "en", "USD", "$", ",", ".", True, ("mdy_slash", "long", "short_month")),
    "en-GB": Locale("en-GB", "en", "GBP", "£", ",", ".", True, ("dmy_slash", "long", "short_month", "iso")),
    "de-DE": Locale("de-DE", "de", "EUR", "€", ".", ",", False, ("dmy_dot", "long", "iso")),
    "fr-FR": Locale("fr-FR", "fr", "EUR", "€", "\u202f", ",", False, ("dmy_slash", "long")),
    "es-ES": Locale("es-ES", "es", "EUR", "€", ".", ",", False, ("dmy_slash", "long", "dmy_dash")),
}
