"""Query variants of real listed names, made the way other people and other tools make them.

Positives (each names the listed entity it must find):
  cyrillic_translit / arabic_translit / greek_translit / han_translit
                      a name the lists carry in its original script, romanised by a maintained library
                      (iuliia's ISO 9, GOST, passport MVD/ICAO, BGN/PCGN, scientific... schemes,
                      cyrtranslit, transliterate, Unidecode, pypinyin), as a KYC front end would
  typo_keyboard       one keyboard-neighbour substitution (typo.StrErrer.nearby_char)
  typo_edit           one missing / extra / swapped / doubled letter (typo.StrErrer)
  ocr                 one OCR confusion: a visually similar character (typo.StrErrer.similar_char)
                      or a multi-letter one (rn/m, cl/d, vv/w, li/h, 0/O, 1/l ...)
  middle_dropped      middle names left out
  middle_added        a middle name the list does not have (Faker given names)
  swapped_order       surname typed in the first-name field and the reverse
  honorific           a title or honorific typed with the name (Dr., Sheikh, Hajji, Gen., Jr. ...)
  particles_joined    al-/el-/bin/abu/abd/van/de particles written into the next word, or apart
  umlaut_spelled      German ü/ö/ä written ue/oe/ae
  legal_form_suffix   a company's legal form replaced by another one or another spelling
  legal_form_leading  a legal form put before the name (JSC X, OOO «X», Limited Liability Company "X")
  leading_the         "The X"
  business_typo / business_ocr   as above, on company names
  org_translit        a company name listed in Cyrillic / Greek, romanised by the libraries above
Hard negatives (must not alert; each names the listed entity it was made from):
  neg_same_surname    another given name with a listed surname (Faker and other listed given names)
  neg_same_given      a listed given name with another surname
  neg_near_company    a listed company name with its most distinctive word replaced
Every negative is checked against every listed name: none holds all of its words.

Seeded and deterministic (one random.Random, per-case seeds for the libraries). Writes JSON lines.
Usage: python generate.py --lists ../shared/data/lists [--seed 20261126] [--per-kind 100] [--neg-per-kind N]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import cyrtranslit
import iuliia
import pypinyin
import transliterate
from faker import Faker
from typo import StrErrer
from unidecode import unidecode

sys.path.insert(0, str(Path(__file__).parent))
from sources import Organisation, Person, load, script_of, split_script_person  # noqa: E402

IULIIA_SCHEMES = ['wikipedia', 'mvd_782', 'mvd_310', 'icao_doc_9303', 'gost_779', 'gost_52535', 'scientific',
                  'bgn_pcgn', 'ala_lc', 'telegram', 'iso_9_1954', 'ungegn_1987', 'yandex_money']
UKRAINIAN = re.compile(r'[іїєґІЇЄҐ]')
BELARUSIAN = re.compile(r'[ўЎ]')


def cyrillic_tools(text: str) -> list[tuple[str, object]]:
    if BELARUSIAN.search(text):
        return [('cyrtranslit.by', lambda t: cyrtranslit.to_latin(t, 'by')), ('unidecode', unidecode)]
    if UKRAINIAN.search(text):
        return [('cyrtranslit.ua', lambda t: cyrtranslit.to_latin(t, 'ua')),
                ('transliterate.uk', lambda t: transliterate.translit(t, 'uk', reversed=True)), ('unidecode', unidecode)]
    tools: list[tuple[str, object]] = [(f'iuliia.{s}', (lambda schema: lambda t: schema.translate(t))(iuliia.schemas.get(s)))
                                       for s in IULIIA_SCHEMES]
    tools += [('cyrtranslit.ru', lambda t: cyrtranslit.to_latin(t, 'ru')),
              ('transliterate.ru', lambda t: transliterate.translit(t, 'ru', reversed=True)), ('unidecode', unidecode)]
    return tools


def script_tools(text: str) -> tuple[str, list[tuple[str, object]]]:
    script = script_of(text)
    if script == 'cyrillic':
        return 'cyrillic_translit', cyrillic_tools(text)
    if script == 'greek':
        return 'greek_translit', [('transliterate.el', lambda t: transliterate.translit(t, 'el', reversed=True)),
                                  ('cyrtranslit.el', lambda t: cyrtranslit.to_latin(t, 'el')), ('unidecode', unidecode)]
    if script == 'cjk':
        return 'han_translit', [('pypinyin', lambda t: ' '.join(pypinyin.lazy_pinyin(t))), ('unidecode', unidecode)]
    if script == 'arabic':
        return 'arabic_translit', [('unidecode', unidecode)]
    return 'other_translit', [('unidecode', unidecode)]


def fold(text: str) -> list[str]:
    return re.findall(r'[a-z0-9]+', unidecode(text).lower().replace("'", ''))


def sound(word: str) -> str:
    """A spelling-blind key of one folded word: the first letter (any vowel as 'a'), then the consonants
    with doubles collapsed and x = ks, c / q = k, ph = f (Alexey / Aleksei, Mohammad / Muhammed,
    Georgy / George); a word with fewer than two such consonants is its own key. Used only to keep spelling variants of listed names out of the hard negatives."""
    w = word.replace('ph', 'f').replace('x', 'ks').replace('q', 'k').replace('c', 'k')
    if not w:
        return w
    head = 'a' if w[0] in 'aeiouy' else w[0]
    key = head + re.sub(r'(.)\1+', r'\1', re.sub(r'[aeiouyhw]', '', w[1:]))
    # Too few consonants to tell names apart (Tina / Tan / Tieniu): short words must be spelt the same.
    return key if len(key) >= 3 else '=' + word


HONORIFICS_BEFORE = ['Mr.', 'Mrs.', 'Dr.', 'Prof.', 'Sheikh', 'Hajji', 'Haji', 'Mullah', 'Gen.', 'General', 'Col.',
                     'Colonel', 'Eng.', 'H.E.', 'Maulana', 'Sayyid', 'Sir', 'Capt.', 'Brig. Gen.', 'Dr', 'Mr', 'Ustadh']
HONORIFICS_AFTER = ['Jr.', 'Sr.', 'PhD', 'II', 'MD']
LEGAL_SUFFIXES = ['LLC', 'L.L.C.', 'Ltd', 'Ltd.', 'Limited', 'Co., Ltd.', 'Company Limited', 'GmbH', 'Inc.', 'Corp.',
                  'JSC', 'S.A.', 'S.A.R.L.', 'LLP', 'PLC', 'Pvt. Ltd.', 'Sdn. Bhd.', 'FZE', 'Limited Liability Company',
                  'Joint Stock Company', 'Co.', 'Corporation', 'AG', 'B.V.']
LEGAL_LEADING = ['JSC {}', 'OJSC {}', 'PJSC {}', 'OOO "{}"', 'OOO «{}»', 'LLC "{}"', 'AO {}', 'ZAO {}', 'TOV {}',
                 'Limited Liability Company "{}"', 'Joint-Stock Company "{}"', 'Joint Stock Company {}', 'PT {}',
                 'TOO {}', 'Public Joint Stock Company {}']
# Legal forms the generator strips before adding another (its own short list, lowercase word sequences).
KNOWN_FORMS = [f.split() for f in ['co ltd', 'company limited', 'limited liability company', 'joint stock company', 'sa de cv',
                                   'llc', 'ltd', 'limited', 'inc', 'corp', 'corporation', 'co', 'gmbh', 'jsc', 'pjsc', 'ojsc',
                                   'cjsc', 'sa', 'sarl', 'plc', 'llp', 'ooo', 'zao', 'oao', 'ao', 'fze', 'bv', 'ag', 'pvt']]
OCR_MULTI = [('m', 'rn'), ('rn', 'm'), ('d', 'cl'), ('w', 'vv'), ('h', 'li'), ('u', 'ii'), ('M', 'IVI'), ('W', 'VV'),
             ('O', '0'), ('o', '0'), ('I', '1'), ('l', '1'), ('i', '1'), ('S', '5'), ('B', '8'), ('E', 'F'), ('e', 'c'),
             ('D', '0'), ('G', '6'), ('Z', '2'), ('nn', 'm'), ('ri', 'n')]
PARTICLES = {'al', 'el', 'ul', 'ud', 'bin', 'ibn', 'bint', 'abu', 'abd', 'abdul', 'abdel', 'van', 'von', 'der', 'de', 'del', 'da', 'di', 'la', 'le'}
GENERIC_ORG_WORDS = {'company', 'trading', 'group', 'holding', 'international', 'bank', 'the', 'of', 'and', 'for', 'general',
                     'industries', 'industrial', 'services', 'shipping', 'investment', 'organization', 'foundation', 'national'}
FAKER_LOCALES = ['en_US', 'en_GB', 'de_DE', 'fr_FR', 'es_ES', 'it_IT', 'tr_TR', 'id_ID', 'pl_PL', 'ru_RU', 'uk_UA', 'pt_BR']


class Generator:
    def __init__(self, people: list[Person], orgs: list[Organisation], seed: int, per_kind: int, neg_per_kind: int | None = None):
        self.rng = random.Random(seed)
        self.seed_value = seed
        self.people = people
        self.orgs = orgs
        self.per_kind = per_kind
        self.neg_per_kind = neg_per_kind
        self.fakers = {loc: Faker(loc) for loc in FAKER_LOCALES}
        for i, loc in enumerate(FAKER_LOCALES):
            self.fakers[loc].seed_instance(seed + i)
        # Word → listed names holding it (folded), for the negatives' check.
        self.name_words: list[set[str]] = []
        self.postings: dict[str, list[int]] = {}
        self.sound_postings: dict[str, set[int]] = {}
        for entity in [*people, *orgs]:
            for name in entity.all_names:
                words = set(fold(name))
                idx = len(self.name_words)
                self.name_words.append(words)
                for w in sorted(words):
                    self.postings.setdefault(w, []).append(idx)
                    self.sound_postings.setdefault(sound(w), set()).add(idx)
        self.given_pool = sorted({p.given[0].title() for p in people if p.given and len(p.given[0]) >= 3 and script_of(p.given[0]) == 'latin'})
        self.surname_pool = sorted({p.surname[-1].title() for p in people if p.surname and len(p.surname[-1]) >= 4 and script_of(p.surname[-1]) == 'latin'})

    # ---- helpers -------------------------------------------------------------------------
    def spelling_of_listed(self, case: dict) -> bool:
        """True when every word of a negative's query sounds like a word of one listed name ("Mohammad
        Kalim" / "KALIM, Mohammed Musa", "Alexey Anichin" / "ANICHIN, Alexei"): a spelling variant of a
        listed person, which a screening must alert on, not a hard negative."""
        q = case['query']
        text = q['business_name'] if q['kind'] == 'business' else f"{q['name_first']} {q['name_last']}"
        keys = sorted({sound(w) for w in fold(text)})
        if not keys:
            return False
        common: set[int] | None = None
        for k in keys:
            common = set(self.sound_postings.get(k, set())) if common is None else common & self.sound_postings.get(k, set())
            if not common:
                return False
        return True

    def seed(self) -> int:
        return self.rng.randrange(1 << 30)

    def listed(self, words: list[str]) -> bool:
        """True when some listed name holds every (folded) word."""
        folded = sorted(set(w for text in words for w in fold(text)))
        if not folded:
            return True
        lists = sorted((self.postings.get(w, []) for w in folded), key=len)
        if not lists[0]:
            return False
        common = set(lists[0])
        for other in lists[1:]:
            common &= set(other)
            if not common:
                return False
        return True

    @staticmethod
    def person_query(given: list[str], middle: list[str], surname: list[str]) -> dict | None:
        first = ' '.join(w for w in given + middle if fold(w))
        last = ' '.join(w for w in surname if fold(w))
        # A romaniser can drop a whole word (Unidecode leaves some letters out): keep two words at least.
        if len(fold(first + ' ' + last)) < 2:
            return None
        return {'kind': 'person', 'name_first': first, 'name_last': last} if last else {'kind': 'person', 'name_first': '', 'name_last': first}

    def faker_name(self, part: str) -> str:
        loc = self.rng.choice(FAKER_LOCALES)
        f = self.fakers[loc]
        value = f.first_name() if part == 'given' else f.last_name()
        return iuliia.schemas.get('wikipedia').translate(value) if script_of(value) == 'cyrillic' else unidecode(value)

    def damage_word(self, words: list[str], damage) -> list[str] | None:
        candidates = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha()]
        if not candidates:
            return None
        i = self.rng.choice(candidates)
        new = damage(words[i])
        if not new or new == words[i]:
            return None
        return words[:i] + [new] + words[i + 1:]

    def typo(self, method: str):
        return lambda w: getattr(StrErrer(w, seed=self.seed()), method)().result

    def ocr_multi(self, w: str) -> str | None:
        options = [(a, b) for a, b in OCR_MULTI if a in w]
        if not options:
            return None
        a, b = self.rng.choice(options)
        spots = [m.start() for m in re.finditer(re.escape(a), w)]
        at = self.rng.choice(spots)
        return w[:at] + b + w[at + len(a):]

    # ---- person variants -----------------------------------------------------------------
    def person_damage(self, p: Person, damage) -> dict | None:  # noqa: D401
        """Damages one word of given+middle+surname and keeps the fields."""
        words = p.words
        out = self.damage_word(words, damage)
        if out is None:
            return None
        g, m = len(p.given), len(p.middle)
        return self.person_query(out[:g], out[g:g + m], out[g + m:])

    def person_variants(self, p: Person) -> list[tuple[str, str, dict]]:
        out: list[tuple[str, str, dict]] = []
        for script_name in p.script_names:
            parts = split_script_person(script_name)
            if not parts:
                continue
            kind, tools = script_tools(script_name)
            for tool, fn in tools:
                g, m, s = ([fn(w) for w in part] for part in parts)
                out.append((kind, tool, self.person_query(g, m, s)))
        if script_of(' '.join(p.words)) != 'latin':
            return out
        method = self.rng.choice(['nearby_char'])
        q = self.person_damage(p, self.typo(method))
        if q:
            out.append(('typo_keyboard', f'typo.{method}', q))
        method = self.rng.choice(['missing_char', 'extra_char', 'char_swap', 'repeated_char'])
        q = self.person_damage(p, self.typo(method))
        if q:
            out.append(('typo_edit', f'typo.{method}', q))
        if self.rng.random() < 0.5:
            q = self.person_damage(p, self.typo('similar_char'))
            tool = 'typo.similar_char'
        else:
            q = self.person_damage(p, lambda w: self.ocr_multi(w.title() if w.isupper() and self.rng.random() < 0.5 else w))
            tool = 'ocr_multi'
        if q:
            out.append(('ocr', tool, q))
        if p.middle:
            out.append(('middle_dropped', 'drop', self.person_query(p.given, [], p.surname)))
        use_faker = self.rng.random() < 0.6
        extra = self.faker_name('given') if use_faker else self.rng.choice(self.given_pool)
        if fold(extra) and not set(fold(extra)) & set(fold(' '.join(p.words))):
            out.append(('middle_added', 'faker' if use_faker else 'listed-given', self.person_query(p.given, [*p.middle, extra], p.surname)))
        out.append(('swapped_order', 'fields', {'kind': 'person', 'name_first': ' '.join(p.surname), 'name_last': ' '.join(p.given + p.middle)}))
        before = self.rng.choice(HONORIFICS_BEFORE)
        after = self.rng.choice(HONORIFICS_AFTER) if self.rng.random() < 0.25 else ''
        out.append(('honorific', before + (f'+{after}' if after else ''),
                    self.person_query([before, *p.given], p.middle, [*p.surname, *([after] if after else [])])))
        joined = self.join_particles(p.words)
        if joined:
            g = len(p.given)
            words = joined[1]
            split = min(max(1, g), len(words) - 1) if len(words) > 1 else 0
            out.append(('particles_joined', joined[0], {'kind': 'person', 'name_first': ' '.join(words[:split]),
                                                        'name_last': ' '.join(words[split:])}))
        if re.search('[äöüÄÖÜ]', ' '.join(p.words)):
            spelled = [w.replace('ä', 'ae').replace('ö', 'oe').replace('ü', 'ue').replace('Ä', 'AE').replace('Ö', 'OE').replace('Ü', 'UE') for w in p.words]
            g, m = len(p.given), len(p.middle)
            out.append(('umlaut_spelled', 'ae/oe/ue', self.person_query(spelled[:g], spelled[g:g + m], spelled[g + m:])))
        return out

    def join_particles(self, words: list[str]) -> tuple[str, list[str]] | None:
        """Writes a particle into the next word ("AL-TIKRITI" → "Altikriti", "BIN LADEN" → "Binladen"),
        or splits a glued Abdul-/-uddin compound ("ABDULRAHMAN" → "Abdul Rahman")."""
        expanded: list[str] = []
        for w in words:
            expanded += [x for x in re.split(r'-', w) if x] if '-' in w else [w]
        for i, w in enumerate(expanded[:-1]):
            if w.lower() in PARTICLES:
                style = self.rng.choice(['glued', 'hyphen', 'glued-title'])
                nxt = expanded[i + 1]
                joined = f'{w}-{nxt}' if style == 'hyphen' else (w + nxt.lower() if style == 'glued' else (w + nxt).title())
                if style == 'hyphen' and '-'.join([w, nxt]) in words:
                    joined = w + nxt.lower()
                return f'join.{style}', expanded[:i] + [joined] + expanded[i + 2:]
        for i, w in enumerate(words):
            m = re.match(r'^(abdul|abdel|abdur|abdul|abu)([a-z]{3,})$', w.lower())
            if m:
                return 'split.abd', words[:i] + [w[:len(m.group(1))], w[len(m.group(1)):]] + words[i + 1:]
        return None

    # ---- organisation variants -----------------------------------------------------------
    @staticmethod
    def core_of(name: str) -> str:
        words = name.replace(',', ' ').split()
        low = [re.sub(r'[^a-z0-9]', '', unidecode(w).lower()) for w in words]
        changed = True
        while changed and len(low) > 1:
            changed = False
            for form in sorted(KNOWN_FORMS, key=len, reverse=True):
                if len(low) > len(form) and low[-len(form):] == form:
                    words, low, changed = words[:-len(form)], low[:-len(form)], True
                    break
                if len(low) > len(form) and low[:len(form)] == form and form[0] in ('jsc', 'pjsc', 'ojsc', 'ooo', 'zao', 'oao', 'ao', 'cjsc', 'llc', 'limited', 'joint'):
                    words, low, changed = words[len(form):], low[len(form):], True
                    break
        return ' '.join(words).strip(' .,')

    def org_variants(self, o: Organisation) -> list[tuple[str, str, dict]]:
        out: list[tuple[str, str, dict]] = []
        q = lambda name: {'kind': 'business', 'business_name': name}  # noqa: E731
        for script_name in o.script_names:
            kind, tools = script_tools(script_name)
            for tool, fn in tools:
                out.append(('org_translit', f'{kind.split("_")[0]}:{tool}', q(fn(script_name))))
        if script_of(o.name) != 'latin':
            return out
        core = self.core_of(o.name)
        if not core or len(fold(core)) == 0:
            return out
        out.append(('legal_form_suffix', 'suffix', q(f'{core} {self.rng.choice(LEGAL_SUFFIXES)}')))
        out.append(('legal_form_leading', 'leading', q(self.rng.choice(LEGAL_LEADING).format(core))))
        if not fold(core)[0] == 'the':
            out.append(('leading_the', 'the', q(f'{self.rng.choice(["The", "THE", "the"])} {o.name}')))
        words = o.name.split()
        method = self.rng.choice(['nearby_char', 'missing_char', 'extra_char', 'char_swap', 'repeated_char'])
        damaged = self.damage_word(words, self.typo(method))
        if damaged:
            out.append(('business_typo', f'typo.{method}', q(' '.join(damaged))))
        if self.rng.random() < 0.5:
            damaged, tool = self.damage_word(words, self.typo('similar_char')), 'typo.similar_char'
        else:
            damaged, tool = self.damage_word(words, self.ocr_multi), 'ocr_multi'
        if damaged:
            out.append(('business_ocr', tool, q(' '.join(damaged))))
        return out

    # ---- negatives -----------------------------------------------------------------------
    def different(self, new: str, existing: list[str]) -> bool:
        nf = ''.join(fold(new))
        if len(nf) < 3:
            return False
        for e in existing:
            ef = ''.join(fold(e))
            if not ef or nf[:3] == ef[:3] or nf in ef or ef in nf:
                return False
        return True

    def person_negatives(self, p: Person) -> list[tuple[str, str, dict]]:
        out: list[tuple[str, str, dict]] = []
        if script_of(' '.join(p.words)) != 'latin':
            return out
        listed_given = [w for n in p.all_names for w in n.replace(',', ' ').split()]
        for _ in range(5):
            use_faker = self.rng.random() < 0.6
            given = self.faker_name('given') if use_faker else self.rng.choice(self.given_pool)
            if self.different(given, listed_given) and not self.listed([given, *p.surname]):
                out.append(('neg_same_surname', 'faker' if use_faker else 'listed-given', self.person_query([given], [], p.surname)))
                break
        for _ in range(5):
            use_faker = self.rng.random() < 0.6
            surname = self.faker_name('surname') if use_faker else self.rng.choice(self.surname_pool)
            if self.different(surname, listed_given) and not self.listed([*p.given, surname]):
                out.append(('neg_same_given', 'faker' if use_faker else 'listed-surname', self.person_query(p.given, [], [surname])))
                break
        return out

    def org_negatives(self, o: Organisation) -> list[tuple[str, str, dict]]:
        if script_of(o.name) != 'latin':
            return []
        words = self.core_of(o.name).split()
        content = [i for i, w in enumerate(words) if len(fold(w)) == 1 and fold(w)[0] not in GENERIC_ORG_WORDS and len(w) >= 4]
        # Two to four words: in a long name one changed word leaves what is still, for an analyst, the same name.
        if not 2 <= len(words) <= 4 or not content:
            return []
        # The most distinctive word: the one fewest listed names hold (then the longest).
        i = min(content, key=lambda k: (len(self.postings.get(fold(words[k])[0], [])), -len(words[k]), k))
        for _ in range(5):
            replacement = self.faker_name('surname')
            if len(fold(replacement)) != 1:
                continue
            replacement = replacement.upper() if words[i].isupper() else replacement
            new = words[:i] + [replacement] + words[i + 1:]
            if self.different(replacement, [words[i]]) and not self.listed(new):
                return [('neg_near_company', 'faker-word', {'kind': 'business', 'business_name': ' '.join(new)})]
        return []

    # ---- assembly ------------------------------------------------------------------------
    def run(self) -> list[dict]:
        by_kind: dict[str, list[dict]] = {}

        def add(entity_id: str, listed: str, positive: bool, items: list[tuple[str, str, dict]]) -> None:
            for kind, tool, query in items:
                if query is None:
                    continue
                by_kind.setdefault(kind, []).append({'kind': kind, 'tool': tool, 'positive': positive, 'entity': entity_id,
                                                     'listed': listed, 'query': query})

        for p in self.people:
            listed = ' '.join(p.words)
            add(p.id, listed, True, self.person_variants(p))
            add(p.id, listed, False, self.person_negatives(p))
        for o in self.orgs:
            add(o.id, o.name, True, self.org_variants(o))
            add(o.id, o.name, False, self.org_negatives(o))
        cases: list[dict] = []
        for kind in sorted(by_kind):
            items = by_kind[kind]
            # Script variants are few and spread over many tools: keep them all up to 3× the quota.
            quota = self.per_kind * (3 if kind.endswith('translit') else 1)
            if kind.startswith('neg_') and self.neg_per_kind is not None:
                # A larger (or smaller) negative set from its own stream, so the positives stay exactly
                # those of the same seed without --neg-per-kind (the default draw is still made, to keep
                # the main stream where it was), and N negatives are a prefix of N+k.
                if len(items) > quota:
                    self.rng.sample(items, quota)
                order = list(items)
                random.Random(f'{self.seed_value}:{kind}').shuffle(order)
                kept = [c for c in order if not self.spelling_of_listed(c)]
                chosen = kept[:self.neg_per_kind]
                removed = len(order) - len(kept)
            else:
                chosen = items if len(items) <= quota else self.rng.sample(items, quota)
                removed = 0
                if kind.startswith('neg_'):
                    kept = [c for c in chosen if not self.spelling_of_listed(c)]
                    removed, chosen = len(chosen) - len(kept), kept
            if removed:
                sys.stderr.write(f'{kind}: {removed} candidate negatives left out as spelling variants of a listed name\n')
            for n, case in enumerate(chosen):
                cases.append({'id': f'{kind}-{n}', **case})
        return cases


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--lists', required=True, type=Path)
    ap.add_argument('--seed', type=int, default=20261126)
    ap.add_argument('--per-kind', type=int, default=100)
    ap.add_argument('--neg-per-kind', type=int, default=None,
                    help='hard negatives per negative kind (default: --per-kind, drawn with the positives)')
    args = ap.parse_args()
    people, orgs = load(args.lists)
    for case in Generator(people, orgs, args.seed, args.per_kind, args.neg_per_kind).run():
        sys.stdout.write(json.dumps(case, ensure_ascii=False, sort_keys=True) + '\n')


if __name__ == '__main__':
    main()
