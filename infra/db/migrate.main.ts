/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */
import { createDb } from './create-db.js';
import { migrateToLatest } from './migrator.js';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('DATABASE_URL: is required\n');
  process.exit(78);
}
const db = createDb(url, { poolSize: 1, applicationName: 'clearwatch-migrate' });
try {
  const results = await migrateToLatest(db);
  for (const r of results) process.stdout.write(`migration ${r.migrationName}: ${r.status}\n`);
  process.stdout.write(`database schema is up to date (${results.length} applied now)\n`);
} finally {
  await db.destroy();
}
