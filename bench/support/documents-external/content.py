"""What the external documents say: invoices, receipts, bank statements, payslips, utility bills
and tax assessments in English (US, UK), German, French and Spanish, each with the labels real
issuers print (several per field, picked at random), its ground truth and the extraction schema a
template for that kind would carry.

A document is layout-neutral here: a header (issuer, address, title), a party block, "facts"
(label + printed value), an optional table and a summary (label + printed amount). layouts.py
places it on a page.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from labels_heldout import HELDOUT
from locales import LOCALES, Locale

Str = "string"


@dataclass
class Fact:
    field: str | None  # schema property path, or None when only printed
    label: str
    text: str
    tag: str | None = None  # for tampering: "total", "date"


@dataclass
class Table:
    field: str
    headers: list[str]
    columns: list[str]  # property of each column ("" = printed only)
    numeric: list[bool]
    rows: list[list[str]]
    widths: list[float] | None = None  # column edges as fractions of the text width


@dataclass
class Document:
    id: str
    kind: str
    locale: Locale
    issuer: str
    issuer_lines: list[str]
    title: str
    party_label: str | None
    party_lines: list[str]
    facts: list[Fact]
    table: Table | None
    summary: list[Fact]
    footer: list[str]
    truth: dict
    schema: dict
    issued: dt.date


def pick(rng, options):
    return options[rng.randrange(len(options))]


COMPANIES = {
    "en": ["Harbourside Catering Ltd", "Bluebird Logistics Inc.", "Northgate Office Supplies", "Pine & Cedar Joinery LLC", "Meridian Web Studio"],
    "de": ["Schreinerei Albrecht GmbH", "Rheinland Bürotechnik AG", "Krause & Söhne KG", "Elektro Wagner e.K.", "Hanse Druck GmbH"],
    "fr": ["Boulangerie Lefèvre SARL", "Atelier Moreau & Fils", "Transports Garnier SAS", "Cabinet Dubois Conseil", "Imprimerie du Rhône"],
    "es": ["Construcciones Ibarra S.L.", "Talleres Domínguez S.A.", "Papelería Castillo", "Servicios Informáticos Vega S.L.", "Distribuciones Ortega"],
}
PEOPLE = {
    "en": ["Margaret Ellison", "Daniel Okafor", "Priya Raman", "Thomas Whitfield", "Grace O'Neill"],
    "de": ["Jürgen Hoffmann", "Sabine Krüger", "Mehmet Yılmaz", "Katrin Bauer", "Lukas Schäfer"],
    "fr": ["Élodie Marchand", "Julien Rousseau", "Nadia Benali", "François Lemaire", "Camille Girard"],
    "es": ["Lucía Fernández", "Javier Morales", "Carmen Ruiz", "Andrés Navarro", "Marta Iglesias"],
}
STREETS = {
    "en": ["14 Wharf Road", "220 Maple Avenue", "7 Kingsway", "1180 Market Street"],
    "de": ["Hauptstraße 12", "Lindenallee 5a", "Bahnhofstr. 88", "Am Markt 3"],
    "fr": ["12 rue des Lilas", "5 avenue Jean Jaurès", "28 boulevard Voltaire", "3 place du Marché"],
    "es": ["Calle Mayor 21", "Avenida de la Constitución 8", "Paseo del Prado 14", "Calle del Sol 3"],
}
CITIES = {
    "en-US": ["Portland, OR 97205", "Austin, TX 78701", "Columbus, OH 43215"],
    "en-GB": ["Bristol BS1 4DJ", "Leeds LS1 2AB", "Norwich NR2 1TT"],
    "de-DE": ["50667 Köln", "80331 München", "28195 Bremen"],
    "fr-FR": ["69002 Lyon", "33000 Bordeaux", "44000 Nantes"],
    "es-ES": ["28013 Madrid", "41004 Sevilla", "46002 Valencia"],
}
ITEMS = {
    "en": ["Consulting services", "Website maintenance", "Office chairs", "Printer toner cartridge", "Delivery charge", "Annual support plan", "Catering for 20 guests", "Design revisions"],
    "de": ["Beratungsleistung", "Wartung Webseite", "Bürostuhl ergonomisch", "Tonerkartusche schwarz", "Lieferpauschale", "Montage vor Ort", "Druck Visitenkarten", "Softwarelizenz"],
    "fr": ["Prestation de conseil", "Maintenance site web", "Chaise de bureau", "Cartouche de toner", "Frais de livraison", "Installation sur site", "Impression flyers", "Licence logiciel"],
    "es": ["Servicios de consultoría", "Mantenimiento web", "Silla de oficina", "Cartucho de tóner", "Gastos de envío", "Instalación in situ", "Impresión de folletos", "Licencia de software"],
}
TX = {
    "en": ["Card payment TESCO STORES", "Direct debit British Gas", "Salary ACME LTD", "Transfer to savings", "ATM withdrawal", "Amazon Marketplace", "Standing order rent", "Refund Zara"],
    "de": ["Kartenzahlung REWE", "Lastschrift Stadtwerke", "Gehalt ACME GmbH", "Überweisung Miete", "Bargeldauszahlung", "Dauerauftrag Sparplan", "Gutschrift Erstattung", "Lastschrift Telekom"],
    "fr": ["Paiement CB CARREFOUR", "Prélèvement EDF", "Virement salaire", "Retrait DAB", "Virement loyer", "Prélèvement Orange", "Remboursement SNCF", "Paiement CB FNAC"],
    "es": ["Pago con tarjeta MERCADONA", "Recibo Iberdrola", "Nómina ACME S.L.", "Transferencia alquiler", "Reintegro cajero", "Recibo Movistar", "Devolución Zara", "Bizum recibido"],
}

# Labels per field and language: what issuers print, several spellings each.
L = {
    "invoice_title": {"en": ["INVOICE", "Tax Invoice", "Invoice"], "de": ["RECHNUNG", "Rechnung"], "fr": ["FACTURE", "Facture"], "es": ["FACTURA", "Factura"]},
    "invoice_number": {"en": ["Invoice No.", "Invoice #", "Invoice Number", "Inv. No.", "Invoice Ref."], "de": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Re.-Nr."], "fr": ["N° de facture", "Facture n°", "Numéro de facture"], "es": ["Nº de factura", "Factura n.º", "Número de factura"]},
    "invoice_date": {"en": ["Invoice Date", "Date", "Date of Issue", "Issue Date", "Date Issued"], "de": ["Rechnungsdatum", "Datum", "Ausstellungsdatum"], "fr": ["Date de facture", "Date", "Date d'émission", "Date de facturation"], "es": ["Fecha de factura", "Fecha", "Fecha de emisión", "Fecha factura"]},
    "due_date": {"en": ["Due Date", "Payment Due", "Due by", "Payment Due Date"], "de": ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum", "Fälligkeit"], "fr": ["Date d'échéance", "Échéance", "À payer avant le"], "es": ["Fecha de vencimiento", "Vencimiento", "Fecha de pago"]},
    "bill_to": {"en": ["Bill To", "Billed To", "Invoice To", "Customer"], "de": ["Rechnungsempfänger", "Kunde", "Rechnung an"], "fr": ["Facturé à", "Client", "Destinataire"], "es": ["Facturar a", "Cliente", "Datos del cliente"]},
    "subtotal": {"en": ["Subtotal", "Sub-total", "Net Amount", "Total excl. VAT", "Net Total"], "de": ["Zwischensumme", "Nettobetrag", "Summe netto", "Netto"], "fr": ["Total HT", "Montant HT", "Sous-total"], "es": ["Base imponible", "Subtotal", "Importe neto"]},
    "tax": {"en": ["VAT", "Tax", "Sales Tax", "VAT Amount"], "de": ["MwSt.", "USt.", "Umsatzsteuer", "MwSt.-Betrag"], "fr": ["TVA", "Montant TVA", "Total TVA"], "es": ["IVA", "Cuota IVA", "Importe IVA"]},
    "total": {"en": ["Total", "Total Due", "Amount Due", "Balance Due", "Grand Total", "Invoice Total", "Amount Payable"], "de": ["Gesamtbetrag", "Rechnungsbetrag", "Endbetrag", "Gesamtsumme", "Zu zahlen"], "fr": ["Total TTC", "Montant TTC", "Net à payer", "Montant total"], "es": ["Total factura", "Importe total", "Total a pagar", "Total"]},
    "h_desc": {"en": ["Description", "Item", "Service", "Details"], "de": ["Beschreibung", "Bezeichnung", "Leistung", "Artikel"], "fr": ["Désignation", "Description", "Libellé"], "es": ["Descripción", "Concepto", "Artículo"]},
    "h_qty": {"en": ["Qty", "Quantity", "Units", "Hours"], "de": ["Menge", "Anzahl", "Stk."], "fr": ["Qté", "Quantité"], "es": ["Cantidad", "Uds.", "Cant."]},
    "h_price": {"en": ["Unit Price", "Rate", "Price", "Unit Cost"], "de": ["Einzelpreis", "E-Preis", "Preis"], "fr": ["Prix unitaire", "P.U. HT", "Prix"], "es": ["Precio unitario", "Precio", "Precio ud."]},
    "h_amount": {"en": ["Amount", "Total", "Line Total"], "de": ["Betrag", "Gesamt", "Gesamtpreis"], "fr": ["Montant", "Total HT", "Montant HT"], "es": ["Importe", "Total"]},
    "statement_title": {"en": ["Statement of Account", "Bank Statement", "Account Statement"], "de": ["Kontoauszug"], "fr": ["Relevé de compte", "Relevé bancaire"], "es": ["Extracto de cuenta", "Extracto bancario"]},
    "account_holder": {"en": ["Account Holder", "Account Name", "Name"], "de": ["Kontoinhaber", "Inhaber", "Name"], "fr": ["Titulaire du compte", "Titulaire", "Nom"], "es": ["Titular", "Titular de la cuenta", "Nombre"]},
    "iban": {"en": ["IBAN"], "de": ["IBAN"], "fr": ["IBAN"], "es": ["IBAN"]},
    "statement_date": {"en": ["Statement Date", "Date", "Issued on"], "de": ["Auszugsdatum", "Datum", "Erstellt am"], "fr": ["Date du relevé", "Date", "Édité le"], "es": ["Fecha del extracto", "Fecha", "Fecha de emisión"]},
    "opening_balance": {"en": ["Opening Balance", "Previous Balance", "Balance brought forward", "Starting Balance"], "de": ["Alter Kontostand", "Anfangssaldo", "Alter Saldo"], "fr": ["Ancien solde", "Solde initial", "Solde précédent"], "es": ["Saldo inicial", "Saldo anterior"]},
    "closing_balance": {"en": ["Closing Balance", "New Balance", "Ending Balance", "Balance carried forward"], "de": ["Neuer Kontostand", "Endsaldo", "Neuer Saldo"], "fr": ["Nouveau solde", "Solde final", "Solde au"], "es": ["Saldo final", "Saldo actual", "Nuevo saldo"]},
    "h_date": {"en": ["Date", "Transaction Date", "Posting Date"], "de": ["Datum", "Buchungstag", "Buchung"], "fr": ["Date", "Date opération", "Date op."], "es": ["Fecha", "Fecha operación", "F. Operación"]},
    "h_tx": {"en": ["Description", "Details", "Transaction"], "de": ["Verwendungszweck", "Buchungstext", "Vorgang"], "fr": ["Libellé", "Opération", "Nature de l'opération"], "es": ["Concepto", "Descripción", "Movimiento"]},
    "h_txamount": {"en": ["Amount", "Amount (GBP)", "Value"], "de": ["Betrag", "Betrag EUR", "Umsatz"], "fr": ["Montant", "Montant EUR"], "es": ["Importe", "Importe EUR"]},
    "h_balance": {"en": ["Balance"], "de": ["Saldo", "Kontostand"], "fr": ["Solde"], "es": ["Saldo"]},
    "payslip_title": {"en": ["Payslip", "Pay Statement", "Earnings Statement"], "de": ["Gehaltsabrechnung", "Verdienstabrechnung", "Entgeltabrechnung"], "fr": ["Bulletin de paie", "Bulletin de salaire"], "es": ["Nómina", "Recibo de salarios"]},
    "employee_name": {"en": ["Employee", "Employee Name", "Name"], "de": ["Mitarbeiter", "Arbeitnehmer", "Name"], "fr": ["Salarié", "Nom du salarié", "Nom"], "es": ["Trabajador", "Empleado", "Nombre"]},
    "employer_name": {"en": ["Employer", "Company"], "de": ["Arbeitgeber", "Firma"], "fr": ["Employeur", "Société"], "es": ["Empresa", "Empleador"]},
    "pay_date": {"en": ["Pay Date", "Payment Date", "Paid on", "Date Paid"], "de": ["Auszahlungsdatum", "Zahltag", "Auszahlung am"], "fr": ["Date de paiement", "Payé le", "Date de versement"], "es": ["Fecha de pago", "Fecha de abono"]},
    "gross_pay": {"en": ["Gross Pay", "Total Gross Pay", "Gross Earnings", "Total Earnings"], "de": ["Gesamtbrutto", "Bruttolohn", "Bruttogehalt", "Brutto-Bezüge"], "fr": ["Salaire brut", "Total brut", "Brut"], "es": ["Total devengado", "Salario bruto", "Total bruto"]},
    "total_deductions": {"en": ["Total Deductions", "Deductions"], "de": ["Gesamtabzüge", "Abzüge gesamt", "Summe Abzüge"], "fr": ["Total cotisations", "Total retenues", "Total des retenues"], "es": ["Total deducciones", "Total a deducir", "Deducciones"]},
    "net_pay": {"en": ["Net Pay", "Take Home Pay", "Net Salary", "Net Amount Paid"], "de": ["Auszahlungsbetrag", "Nettoverdienst", "Netto-Auszahlung", "Nettolohn"], "fr": ["Net à payer", "Salaire net", "Net payé"], "es": ["Líquido a percibir", "Salario neto", "Líquido total"]},
    "utility_title": {"en": ["Electricity Bill", "Your Energy Bill", "Gas & Electricity Statement"], "de": ["Stromrechnung", "Jahresabrechnung Strom", "Ihre Stromrechnung"], "fr": ["Facture d'électricité", "Votre facture d'énergie"], "es": ["Factura de electricidad", "Factura de luz"]},
    "customer_number": {"en": ["Account Number", "Customer Number", "Account No.", "Customer Ref."], "de": ["Kundennummer", "Vertragskonto", "Kunden-Nr."], "fr": ["N° client", "Numéro client", "Référence client"], "es": ["Nº de cliente", "Número de cliente", "Código cliente"]},
    "bill_date": {"en": ["Bill Date", "Date of Bill", "Statement Date", "Issue Date"], "de": ["Rechnungsdatum", "Datum", "Abrechnungsdatum"], "fr": ["Date de facture", "Date d'émission", "Émise le"], "es": ["Fecha de factura", "Fecha de emisión"]},
    "meter_number": {"en": ["Meter Number", "Meter No.", "Meter Serial", "MPAN"], "de": ["Zählernummer", "Zähler-Nr.", "Zählernr."], "fr": ["N° de compteur", "Compteur", "Numéro de compteur"], "es": ["Nº de contador", "Contador", "Número de contador"]},
    "consumption": {"en": ["Consumption", "Energy Used", "Units Used", "Total Usage"], "de": ["Verbrauch", "Gesamtverbrauch", "Verbrauch kWh"], "fr": ["Consommation", "Consommation totale"], "es": ["Consumo", "Consumo total", "Energía consumida"]},
    "amount_due": {"en": ["Amount Due", "Total Due", "Total to Pay", "Total Amount"], "de": ["Rechnungsbetrag", "Gesamtbetrag", "Zu zahlender Betrag"], "fr": ["Montant à payer", "Total TTC", "Montant total"], "es": ["Total a pagar", "Importe total", "Total factura"]},
    "tax_title": {"en": ["Tax Assessment", "Notice of Assessment", "Income Tax Return"], "de": ["Einkommensteuerbescheid", "Steuerbescheid"], "fr": ["Avis d'impôt sur le revenu", "Avis d'imposition"], "es": ["Declaración de la Renta", "Liquidación IRPF"]},
    "taxpayer_name": {"en": ["Taxpayer", "Taxpayer Name", "Name"], "de": ["Steuerpflichtiger", "Name"], "fr": ["Contribuable", "Nom"], "es": ["Contribuyente", "Titular", "Nombre"]},
    "tax_id": {"en": ["Taxpayer ID", "Tax Reference", "UTR", "SSN"], "de": ["Steuernummer", "Steuer-ID", "Identifikationsnummer"], "fr": ["Numéro fiscal", "N° fiscal", "Numéro fiscal du déclarant"], "es": ["NIF", "DNI/NIF", "Número de identificación fiscal"]},
    "tax_year": {"en": ["Tax Year", "Year of Assessment", "Fiscal Year"], "de": ["Veranlagungsjahr", "Steuerjahr", "Jahr"], "fr": ["Année d'imposition", "Revenus de l'année"], "es": ["Ejercicio", "Ejercicio fiscal", "Año"]},
    "taxable_income": {"en": ["Taxable Income", "Total Taxable Income", "Adjusted Gross Income"], "de": ["Zu versteuerndes Einkommen", "Einkommen"], "fr": ["Revenu imposable", "Revenu fiscal de référence", "Revenu net imposable"], "es": ["Base liquidable", "Base imponible general", "Rendimiento neto"]},
    "tax_due": {"en": ["Tax Due", "Amount Owed", "Total Tax", "Balance Payable"], "de": ["Festgesetzte Einkommensteuer", "Einkommensteuer", "Festgesetzt"], "fr": ["Impôt à payer", "Montant de votre impôt", "Impôt net"], "es": ["Cuota diferencial", "Resultado de la declaración", "Cuota líquida"]},
    "receipt_title": {"en": ["RECEIPT", "Sales Receipt"], "de": ["Kassenbon", "Quittung", "Beleg"], "fr": ["Ticket de caisse", "Reçu"], "es": ["Ticket", "Recibo", "Factura simplificada"]},
    "receipt_total": {"en": ["Total", "TOTAL", "Total Paid", "Amount Paid"], "de": ["Summe", "SUMME", "Gesamt", "Zu zahlen"], "fr": ["Total", "TOTAL TTC", "Montant payé"], "es": ["Total", "TOTAL", "Importe"]},
    "receipt_date": {"en": ["Date", "Date/Time"], "de": ["Datum", "Datum/Zeit"], "fr": ["Date", "Le"], "es": ["Fecha", "Fecha/Hora"]},
}


# "normal": the labels above; "heldout": labels_heldout.HELDOUT where it has the field (set by generate.py).
LABELS = {"mode": "normal"}


def lab(rng, key: str, lang: str) -> str:
    if LABELS["mode"] == "heldout" and key in HELDOUT:
        return pick(rng, HELDOUT[key][lang])
    return pick(rng, L[key][lang])


def _addr(rng, loc: Locale) -> list[str]:
    return [pick(rng, STREETS[loc.language]), pick(rng, CITIES[loc.code])]


def _date(rng, loc: Locale, day: dt.date, style: str) -> str:
    return loc.date(day, style)


def _money(rng, loc: Locale, value: float, symbol: bool, fonts_unicode: bool) -> str:
    return loc.amount(value, rng, with_currency=symbol, unicode_spaces=fonts_unicode)


def _cents(x: float) -> float:
    return round(x + 1e-9, 2)


def compose(kind: str, locale_code: str, rng, doc_id: str, base_day: dt.date, unicode_fonts: bool) -> Document:
    loc = LOCALES[locale_code]
    lang = loc.language
    style = pick(rng, loc.date_styles)
    sym = rng.random() < 0.5  # currency printed on every amount, or only in a header
    money = lambda v, force=False: _money(rng, loc, v, sym or force, unicode_fonts)  # noqa: E731
    issuer = pick(rng, COMPANIES[lang])
    person = pick(rng, PEOPLE[lang])
    issued = base_day - dt.timedelta(days=rng.randrange(5, 200))
    builder = {"invoice": _invoice, "bank_statement": _statement, "payslip": _payslip, "utility_bill": _utility, "tax_return": _tax, "receipt": _receipt}[kind]
    return builder(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id)


def _invoice(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    number = pick(rng, [f"INV-{issued.year}-{rng.randrange(100, 9999):04d}", f"{rng.randrange(10000, 99999)}", f"RE{issued.year % 100}{rng.randrange(1000, 9999)}", f"F{issued.year}/{rng.randrange(10, 999):03d}"])
    due = issued + dt.timedelta(days=pick(rng, [14, 30, 45]))
    rate = {"en-US": 0.0825, "en-GB": 0.20, "de-DE": 0.19, "fr-FR": 0.20, "es-ES": 0.21}[loc.code]
    rows, items = [], []
    for _ in range(rng.randrange(2, 6)):
        qty = rng.randrange(1, 12)
        price = _cents(rng.randrange(500, 50000) / 100)
        amount = _cents(qty * price)
        desc = pick(rng, ITEMS[lang])
        items.append({"description": desc, "quantity": qty, "unit_price": price, "amount": amount})
        rows.append([desc, str(qty), money(price), money(amount)])
    subtotal = _cents(sum(i["amount"] for i in items))
    tax = _cents(subtotal * rate)
    total = _cents(subtotal + tax)
    tax_label = lab(rng, "tax", lang)
    if rng.random() < 0.5:
        pct = f"{rate * 100:g}".replace(".", loc.decimal)
        tax_label = f"{tax_label} {pct}%" if lang == "en" else f"{tax_label} {pct} %"
    facts = [
        Fact("invoice_number", lab(rng, "invoice_number", lang), number),
        Fact("invoice_date", lab(rng, "invoice_date", lang), loc.date(issued, style), tag="date"),
        Fact("due_date", lab(rng, "due_date", lang), loc.date(due, style)),
    ]
    summary = [
        Fact("subtotal", lab(rng, "subtotal", lang), money(subtotal)),
        Fact("tax_amount", tax_label, money(tax)),
        Fact("total_amount", lab(rng, "total", lang), money(total, True), tag="total"),
    ]
    table = Table("line_items", [lab(rng, "h_desc", lang), lab(rng, "h_qty", lang), lab(rng, "h_price", lang), lab(rng, "h_amount", lang)],
                  ["description", "quantity", "unit_price", "amount"], [False, True, True, True], rows)
    truth = {"invoice_number": number, "invoice_date": issued.isoformat(), "due_date": due.isoformat(), "vendor_name": issuer,
             "subtotal": subtotal, "tax_amount": tax, "total_amount": total, "line_items": items}
    schema = {"type": "object", "properties": {
        "invoice_number": {"type": "string"}, "invoice_date": {"type": "string", "format": "date"}, "due_date": {"type": "string", "format": "date"},
        "vendor_name": {"type": "string"}, "subtotal": {"type": "number"}, "tax_amount": {"type": "number"}, "total_amount": {"type": "number"},
        "line_items": {"type": "array", "items": {"type": "object", "properties": {
            "description": {"type": "string"}, "quantity": {"type": "number"}, "unit_price": {"type": "number"}, "amount": {"type": "number"}}}}}}
    footer = [f"IBAN DE89 3704 0044 0532 0130 00" if lang != "en" else "Payment terms: 30 days net", "Thank you for your business." if lang == "en" else ""]
    return Document(doc_id, "invoice", loc, issuer, _addr(rng, loc), lab(rng, "invoice_title", lang), lab(rng, "bill_to", lang),
                    [pick(rng, COMPANIES[lang][::-1]), *_addr(rng, loc)], facts, table, summary, [f for f in footer if f], truth, schema, issued)


def _iban(rng, loc):
    country = {"en-GB": "GB", "de-DE": "DE", "fr-FR": "FR", "es-ES": "ES", "en-US": "GB"}[loc.code]
    digits = "".join(str(rng.randrange(10)) for _ in range(18))
    # ISO 13616 check digits: 98 - (BBAN + country + "00") mod 97, letters as 10..35.
    numeric = "".join(str(int(c, 36)) for c in digits + country + "00")
    raw = f"{country}{98 - int(numeric) % 97:02d}{digits}"
    return raw, " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def _statement(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    bank = pick(rng, {"en": ["First Harbour Bank", "Northern Mutual Bank plc"], "de": ["Sparkasse Rheinhessen", "Volksbank Mittelland eG"], "fr": ["Banque Populaire du Sud", "Crédit Mutuel de Bretagne"], "es": ["Banco Sabadell", "Caja Rural del Sur"]}[lang])
    iban_raw, iban = _iban(rng, loc)
    opening = _cents(rng.randrange(20000, 900000) / 100)
    balance = opening
    rows, txs = [], []
    day = issued - dt.timedelta(days=30)
    for _ in range(rng.randrange(3, 8)):
        day = day + dt.timedelta(days=rng.randrange(1, 6))
        amount = _cents(rng.randrange(-60000, 40000) / 100) or 12.5
        balance = _cents(balance + amount)
        desc = pick(rng, TX[lang])
        txs.append({"date": day.isoformat(), "description": desc, "amount": amount})
        rows.append([loc.date(day, "dmy_dot" if lang == "de" else ("mdy_slash" if loc.code == "en-US" else "dmy_slash")), desc, money(amount), money(balance)])
    facts = [
        Fact("account_holder", lab(rng, "account_holder", lang), person),
        Fact("iban", lab(rng, "iban", lang), iban),
        Fact("statement_date", lab(rng, "statement_date", lang), loc.date(issued, style), tag="date"),
    ]
    summary = [
        Fact("opening_balance", lab(rng, "opening_balance", lang), money(opening)),
        Fact("closing_balance", lab(rng, "closing_balance", lang), money(balance, True), tag="total"),
    ]
    table = Table("transactions", [lab(rng, "h_date", lang), lab(rng, "h_tx", lang), lab(rng, "h_txamount", lang), lab(rng, "h_balance", lang)],
                  ["date", "description", "amount", ""], [False, False, True, True], rows, [0, 0.17, 0.62, 0.81, 1.0])
    truth = {"account_holder": person, "iban": iban_raw, "statement_date": issued.isoformat(), "opening_balance": opening, "closing_balance": balance, "transactions": txs}
    schema = {"type": "object", "properties": {
        "account_holder": {"type": "string"}, "iban": {"type": "string"}, "statement_date": {"type": "string", "format": "date"},
        "opening_balance": {"type": "number"}, "closing_balance": {"type": "number"},
        "transactions": {"type": "array", "items": {"type": "object", "properties": {"date": {"type": "string", "format": "date"}, "description": {"type": "string"}, "amount": {"type": "number"}}}}}}
    return Document(doc_id, "bank_statement", loc, bank, _addr(rng, loc), lab(rng, "statement_title", lang), None,
                    [person, *_addr(rng, loc)], facts, table, summary, [], truth, schema, issued)


def _payslip(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    gross = _cents(rng.randrange(180000, 650000) / 100)
    parts = {"en": ["Income Tax", "National Insurance", "Pension"], "de": ["Lohnsteuer", "Krankenversicherung", "Rentenversicherung"], "fr": ["CSG/CRDS", "Assurance vieillesse", "Retraite complémentaire"], "es": ["IRPF", "Contingencias comunes", "Desempleo"]}[lang]
    deductions = [_cents(gross * r) for r in (0.14 + rng.random() * 0.05, 0.07, 0.04)]
    total_ded = _cents(sum(deductions))
    net = _cents(gross - total_ded)
    facts = [
        Fact("employee_name", lab(rng, "employee_name", lang), person),
        Fact("employer_name", lab(rng, "employer_name", lang), issuer),
        Fact("pay_date", lab(rng, "pay_date", lang), loc.date(issued, style), tag="date"),
    ]
    rows = [[p, money(d)] for p, d in zip(parts, deductions)]
    table = Table("", [{"en": "Deduction", "de": "Abzug", "fr": "Cotisation", "es": "Concepto"}[lang], {"en": "Amount", "de": "Betrag", "fr": "Montant", "es": "Importe"}[lang]], ["", ""], [False, True], rows)
    summary = [
        Fact("gross_pay", lab(rng, "gross_pay", lang), money(gross)),
        Fact("total_deductions", lab(rng, "total_deductions", lang), money(total_ded)),
        Fact("net_pay", lab(rng, "net_pay", lang), money(net, True), tag="total"),
    ]
    truth = {"employee_name": person, "employer_name": issuer, "pay_date": issued.isoformat(), "gross_pay": gross, "total_deductions": total_ded, "net_pay": net}
    schema = {"type": "object", "properties": {"employee_name": {"type": "string"}, "employer_name": {"type": "string"}, "pay_date": {"type": "string", "format": "date"},
                                               "gross_pay": {"type": "number"}, "total_deductions": {"type": "number"}, "net_pay": {"type": "number"}}}
    return Document(doc_id, "payslip", loc, issuer, _addr(rng, loc), lab(rng, "payslip_title", lang), None, [person, *_addr(rng, loc)], facts, table, summary, [], truth, schema, issued)


def _utility(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    supplier = pick(rng, {"en": ["Brightwater Energy", "Evergreen Power Co."], "de": ["Stadtwerke Lindau", "Energieversorgung Nordheide"], "fr": ["Énergie Sud Distribution", "Électricité de Provence"], "es": ["Energía Levante", "Eléctrica del Norte"]}[lang])
    number = f"{rng.randrange(10000000, 99999999)}"
    meter = pick(rng, [f"{rng.randrange(1000000, 9999999)}", f"1ESY{rng.randrange(1000000, 9999999)}", f"Z{rng.randrange(100000, 999999)}"])
    kwh = rng.randrange(150, 4500)
    total = _cents(kwh * (0.28 + rng.random() * 0.1) + 12)
    unit = "kWh"
    kwh_text = f"{kwh:,}".replace(",", loc.thousands if loc.thousands != "\u202f" else " ") + f" {unit}"
    facts = [
        Fact("customer_number", lab(rng, "customer_number", lang), number),
        Fact("bill_date", lab(rng, "bill_date", lang), loc.date(issued, style), tag="date"),
        Fact("meter_number", lab(rng, "meter_number", lang), meter),
        Fact("consumption", lab(rng, "consumption", lang), kwh_text),
    ]
    summary = [Fact("total_amount", lab(rng, "amount_due", lang), money(total, True), tag="total")]
    truth = {"customer_number": number, "bill_date": issued.isoformat(), "meter_number": meter, "consumption": kwh, "total_amount": total}
    schema = {"type": "object", "properties": {"customer_number": {"type": "string"}, "bill_date": {"type": "string", "format": "date"}, "meter_number": {"type": "string"},
                                               "consumption": {"type": "number"}, "total_amount": {"type": "number"}}}
    return Document(doc_id, "utility_bill", loc, supplier, _addr(rng, loc), lab(rng, "utility_title", lang), None, [person, *_addr(rng, loc)], facts, None, summary, [], truth, schema, issued)


def _tax(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    authority = {"en-US": "Internal Revenue Service", "en-GB": "HM Revenue & Customs", "de-DE": "Finanzamt Köln-Mitte", "fr-FR": "Direction générale des Finances publiques", "es-ES": "Agencia Tributaria"}[loc.code]
    tax_id = pick(rng, [f"{rng.randrange(10, 99)}/{rng.randrange(100, 999)}/{rng.randrange(10000, 99999)}", f"{rng.randrange(1000000000, 9999999999)}", f"{rng.randrange(10000000, 99999999)}X"])
    year = issued.year - 1
    income = _cents(rng.randrange(2500000, 9000000) / 100)
    due = _cents(income * (0.18 + rng.random() * 0.1))
    facts = [
        Fact("taxpayer_name", lab(rng, "taxpayer_name", lang), person),
        Fact("tax_id", lab(rng, "tax_id", lang), tax_id),
        Fact("tax_year", lab(rng, "tax_year", lang), str(year)),
        Fact(None, {"en": "Date", "de": "Datum", "fr": "Date", "es": "Fecha"}[lang], loc.date(issued, style), tag="date"),
    ]
    summary = [Fact("taxable_income", lab(rng, "taxable_income", lang), money(income)), Fact("tax_due", lab(rng, "tax_due", lang), money(due, True), tag="total")]
    truth = {"taxpayer_name": person, "tax_id": tax_id, "tax_year": year, "taxable_income": income, "tax_due": due}
    schema = {"type": "object", "properties": {"taxpayer_name": {"type": "string"}, "tax_id": {"type": "string"}, "tax_year": {"type": "integer"},
                                               "taxable_income": {"type": "number"}, "tax_due": {"type": "number"}}}
    return Document(doc_id, "tax_return", loc, authority, _addr(rng, loc), lab(rng, "tax_title", lang), None, [person, *_addr(rng, loc)], facts, None, summary, [], truth, schema, issued)


def _receipt(rng, loc, lang, style, money, sym, issuer, person, issued, doc_id):
    shop = pick(rng, {"en": ["Corner Deli & Grocer", "Riverside Hardware"], "de": ["Bäckerei Sonnenschein", "Drogerie am Markt"], "fr": ["Épicerie du Coin", "Librairie des Arts"], "es": ["Frutería La Huerta", "Ferretería Central"]}[lang])
    items, rows = [], []
    for _ in range(rng.randrange(2, 6)):
        desc = pick(rng, ITEMS[lang])
        amount = _cents(rng.randrange(99, 4999) / 100)
        items.append({"description": desc, "amount": amount})
        rows.append([desc, money(amount)])
    total = _cents(sum(i["amount"] for i in items))
    facts = [Fact("date", lab(rng, "receipt_date", lang), loc.date(issued, style), tag="date")]
    summary = [Fact("total", lab(rng, "receipt_total", lang), money(total, True), tag="total")]
    table = Table("items", [lab(rng, "h_desc", lang), lab(rng, "h_amount", lang)], ["description", "amount"], [False, True], rows)
    truth = {"merchant_name": shop, "date": issued.isoformat(), "total": total, "items": items}
    schema = {"type": "object", "properties": {"merchant_name": {"type": "string"}, "date": {"type": "string", "format": "date"}, "total": {"type": "number"},
                                               "items": {"type": "array", "items": {"type": "object", "properties": {"description": {"type": "string"}, "amount": {"type": "number"}}}}}}
    return Document(doc_id, "receipt", loc, shop, _addr(rng, loc), lab(rng, "receipt_title", lang), None, [], facts, table, summary,
                    [{"en": "Thank you for shopping with us", "de": "Vielen Dank für Ihren Einkauf", "fr": "Merci de votre visite", "es": "Gracias por su compra"}[lang]], truth, schema, issued)
