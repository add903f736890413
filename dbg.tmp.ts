import { buildIndex, search } from './activities/screening/matching/matcher.js';
import { loadExternalEntities } from './bench/screening-external.js';
const entities = await loadExternalEntities();
const index = buildIndex(entities);
const qs: any[] = JSON.parse(process.argv[2] as string);
for (const q of qs) {
  const hits = search(index, q, { threshold: 0.3, limit: 4 });
  console.log(JSON.stringify(q), hits.map((h) => `${h.entity.id} ${h.matched_name.full} ${h.score} ${h.match_types}`));
}
