import { buildIndex, search } from './activities/screening/matching/matcher.js';
const e = (id: string, full: string) => ({ id, list_slug: 't', source_id: id, kind: 'person' as const, names: [{ full, alias_type: 'p', strength: 'primary' as const }], birth_dates: [], countries: [], identifiers: [], programs: [] });
const idx = buildIndex([e('a', 'ABDUL WALI SEDDIQI'), e('b', 'AYYUB BASHIR'), e('c', 'Glen SMITH'), e('d', 'ABDUL JABBAR OMARI'), e('f', 'ABDUL RAHMAN ZAHED'), e('g', 'IBRAHIM HASSAN TALI AL-ASIRI')]);
for (const [f, l] of [['`bdlwly', 'Sdyqy'], ['ywb', 'bshyr'], ['Glynn', 'Smyth'], ['`bdljbr', '`mry'], ['`bdlrHmn', 'zhd'], ['brhym Hsn Tl`', 'l`syry']]) {
  console.log(f, l, JSON.stringify(search(idx, { kind: 'person', name_first: f!, name_last: l! }, { threshold: 0 }).map((h) => [h.entity.id, h.score, h.match_types])));
}
