"""Real listed entities, read straight from the shared list files (not through Clearwatch's parsers,
so a parser quirk cannot hide in both sides of the evaluation).

Ids are the ones Clearwatch gives the same entities: us_ofac_sdn:<ent_num>, un_sc_sanctions:<DATAID>,
os_yente:<FtM id> (the bench indexes the same files under these slugs).
"""
from __future__ import annotations

import csv
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

OFAC_PRIMARY = 'ofac_sdn_2024-05-03/sdn.csv'
OFAC_ALIASES = 'ofac_sdn_2021-07/alt.csv'
UN_XML = 'un_sc_2026-02-27/UN_consolidated.xml'
FTM_FILES = ['opensanctions/yente_t1/entities.ftm.json', 'opensanctions/yente_zala/entities.ftm.json']


@dataclass
class Person:
    id: str
    given: list[str]
    middle: list[str]
    surname: list[str]
    # Names written in another script (Cyrillic, Arabic, Greek, Han ...), as listed.
    script_names: list[str] = field(default_factory=list)
    # Every listed name (any script), for the "is this negative really unlisted" check.
    all_names: list[str] = field(default_factory=list)

    @property
    def words(self) -> list[str]:
        return self.given + self.middle + self.surname


@dataclass
class Organisation:
    id: str
    name: str
    script_names: list[str] = field(default_factory=list)
    all_names: list[str] = field(default_factory=list)


def script_of(text: str) -> str:
    """The first non-Latin script of the letters in `text`, or 'latin'."""
    for ch in text:
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, '')
        for script in ('CYRILLIC', 'ARABIC', 'GREEK', 'CJK', 'HANGUL', 'HEBREW'):
            if name.startswith(script):
                return script.lower()
        if not name.startswith('LATIN'):
            return 'other'
    return 'latin'


def _clean(value: str | None) -> str:
    value = (value or '').strip()
    return '' if value in ('-0-', '') else re.sub(r'\s+', ' ', value)


def _ofac(lists: Path) -> tuple[list[Person], list[Organisation]]:
    aliases: dict[str, list[str]] = {}
    with open(lists / OFAC_ALIASES, encoding='utf-8', errors='replace', newline='') as fh:
        for row in csv.reader(fh):
            if len(row) >= 4 and _clean(row[3]):
                aliases.setdefault(row[0].strip(), []).append(_clean(row[3]))
    people: list[Person] = []
    orgs: list[Organisation] = []
    with open(lists / OFAC_PRIMARY, encoding='utf-8', errors='replace', newline='') as fh:
        for row in csv.reader(fh):
            if len(row) < 3 or not row[0].strip().isdigit():
                continue
            ent, name, kind = row[0].strip(), _clean(row[1]), _clean(row[2]).lower()
            if not name:
                continue
            eid = f'us_ofac_sdn:{ent}'
            names = [name, *aliases.get(ent, [])]
            if kind == 'individual':
                if ',' not in name:
                    continue
                last, first = (p.strip() for p in name.split(',', 1))
                first_words = first.split()
                if not first_words or not last:
                    continue
                people.append(Person(eid, first_words[:1], first_words[1:], last.split(), [], names))
            elif kind == '':
                orgs.append(Organisation(eid, name, [], names))
    return people, orgs


def _un(lists: Path) -> tuple[list[Person], list[Organisation]]:
    root = ET.parse(lists / UN_XML).getroot()
    people: list[Person] = []
    orgs: list[Organisation] = []
    text = lambda el, tag: _clean(el.findtext(tag))  # noqa: E731
    for ind in root.iter('INDIVIDUAL'):
        eid = f"un_sc_sanctions:{text(ind, 'DATAID')}"
        parts = [text(ind, t) for t in ('FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME')]
        parts = [p for p in parts if p]
        if len(parts) < 2:
            continue
        words = [p.split() for p in parts]
        original = text(ind, 'NAME_ORIGINAL_SCRIPT')
        aliases = [text(a, 'ALIAS_NAME') for a in ind.iter('INDIVIDUAL_ALIAS')]
        names = [' '.join(parts), *[a for a in aliases if a]] + ([original] if original else [])
        script = [original] if original and script_of(original) != 'latin' else []
        people.append(Person(eid, words[0], [w for p in words[1:-1] for w in p], words[-1], script, names))
    for ent in root.iter('ENTITY'):
        eid = f"un_sc_sanctions:{text(ent, 'DATAID')}"
        name = text(ent, 'FIRST_NAME')
        if not name:
            continue
        original = text(ent, 'NAME_ORIGINAL_SCRIPT')
        aliases = [text(a, 'ALIAS_NAME') for a in ent.iter('ENTITY_ALIAS')]
        names = [name, *[a for a in aliases if a]] + ([original] if original else [])
        orgs.append(Organisation(eid, name, [original] if original and script_of(original) != 'latin' else [], names))
    return people, orgs


PATRONYMIC = re.compile(r'(вич|вна|ична|івна|ївна|ович|евич|йович)$', re.IGNORECASE)


def split_script_person(full: str) -> tuple[list[str], list[str], list[str]] | None:
    """(given, middle, surname) of a non-Latin full name: an East Slavic patronymic tells the order
    (Surname Given Patronymic or Given Patronymic Surname); otherwise first word given, last surname."""
    words = full.replace(',', ' ').split()
    if len(words) < 2:
        return None
    if len(words) == 3 and PATRONYMIC.search(words[2]):
        return [words[1]], [words[2]], [words[0]]
    return words[:1], words[1:-1], words[-1:]


def _ftm(lists: Path) -> tuple[list[Person], list[Organisation]]:
    people: list[Person] = []
    orgs: list[Organisation] = []
    for rel in FTM_FILES:
        with open(lists / rel, encoding='utf-8') as fh:
            for line in fh:
                if not line.strip():
                    continue
                e = json.loads(line)
                # Related entities (owners, addresses, non-target companies) are not list entries.
                if e.get('target') is False:
                    continue
                props = e.get('properties', {})
                names = [*props.get('name', []), *props.get('alias', [])]
                if not names:
                    continue
                eid = f"os_yente:{e['id']}"
                script = [n for n in names if script_of(n) != 'latin']
                latin = [n for n in names if script_of(n) == 'latin']
                if e['schema'] == 'Person':
                    base = next((n for n in latin if ',' not in n), None)
                    if base is None:
                        continue
                    words = base.split()
                    if len(words) < 2:
                        continue
                    people.append(Person(eid, words[:1], words[1:-1], words[-1:], script, names))
                elif e['schema'] in ('Company', 'Organization', 'LegalEntity'):
                    orgs.append(Organisation(eid, latin[0] if latin else names[0], script, names))
    return people, orgs


def load(lists: Path) -> tuple[list[Person], list[Organisation]]:
    people: list[Person] = []
    orgs: list[Organisation] = []
    for loader in (_ofac, _un, _ftm):
        p, o = loader(lists)
        people += p
        orgs += o
    return people, orgs
