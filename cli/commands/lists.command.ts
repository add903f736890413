/**
 * `lists import --dir DIR | --file FILE`: imports sanctions/PEP list files, detecting each format,
 * and prints one line per list: slug, outcome (activated / unchanged / failed / skipped), entity and
 * warning counts, version id. Exit code 1 when any list failed; the others are still imported.
 * `lists status`: the active version of every list.
 * `lists import-articles --dir DIR | --file FILE`: loads adverse-media articles (RSS/Atom/JSON files).
 */
import { parseArgs } from 'node:util';
import { importArticleFiles } from '../../activities/screening/adverse-media/article-import.js';
import { importListDirectory, importListFile } from '../../activities/screening/list-store/import-list-files.js';
import type { ListImportReport } from '../../activities/screening/list-store/list-import.js';
import type { ListSource } from '../../activities/screening/lists/list-entity.js';
import { listActiveVersions } from '../../infra/db/repositories/list-versions.repository.js';
import type { Db } from '../../infra/db/create-db.js';
import { createLogger } from '../../infra/logger/logger.js';
import { cliActor } from '../../activities/events/actor.model.js';
import { recordAuditRecords } from '../../activities/events/record-event.js';
import { ENVIRONMENTS } from '../../infra/db/tables/common.js';
import { CliUsageError, type CliIo } from '../cli-io.js';

const USAGE = 'usage: lists import --dir DIR | lists import --file FILE | lists status | lists import-articles --dir DIR | --file FILE';

function formatReport(r: ListImportReport): string {
  return [
    r.slug.padEnd(24),
    r.status.padEnd(9),
    `entities=${r.entityCount}`,
    `warnings=${r.warningCount}`,
    `version=${r.versionId ?? '-'}`,
    r.name,
  ].join('  ');
}

export async function listsCommand(db: Db, argv: string[], io: CliIo): Promise<void> {
  const [sub, ...rest] = argv;
  const logger = createLogger({ level: process.env.LOG_LEVEL || 'warn', name: 'clearwatch-cli', destination: process.stderr });
  const deps = { db, logger, clock: () => new Date(), actor: cliActor(`lists ${sub ?? ''}`.trim()) };

  if (sub === 'import' || sub === 'import-articles') {
    const { values } = parseArgs({ args: rest, options: { dir: { type: 'string' }, file: { type: 'string' } }, strict: true });
    if (!values.dir === !values.file) throw new CliUsageError(`give exactly one of --dir or --file\n${USAGE}`);
    if (sub === 'import-articles') {
      const result = await importArticleFiles(deps, (values.dir ?? values.file)!);
      io.out(`articles  files=${result.files}  read=${result.read}  stored=${result.stored}  skipped=${result.skipped}`);
      for (const problem of result.problems) io.err(`error: ${problem}`);
      if (result.problems.length > 0) process.exitCode = 1;
      return;
    }
    const reports = values.dir ? await importListDirectory(deps, values.dir) : [await importListFile(deps, values.file!)];
    if (reports.length === 0) io.err(`no list files found under ${values.dir}`);
    await recordAuditRecords(db, ENVIRONMENTS.map((environment) => ({
      actor: deps.actor, environment, action: 'list.import', resourceType: 'list', resourceId: null,
      details: { lists: reports.map((r) => ({ slug: r.slug, status: r.status, version_id: r.versionId })) },
    })));
    for (const r of reports) {
      io.out(formatReport(r));
      if (r.status === 'failed') io.err(`error: ${r.slug}: ${r.error}`);
      else if (r.status === 'skipped') io.err(`note: ${r.slug}: ${r.error}`);
    }
    if (reports.some((r) => r.status === 'failed')) process.exitCode = 1;
    return;
  }
  if (sub === 'status') {
    const active = await listActiveVersions<ListSource>(db);
    if (active.length === 0) io.out('no lists loaded');
    for (const v of active) {
      io.out([v.slug.padEnd(24), v.source.list_type.padEnd(10), `entities=${v.entityCount}`, `version=${v.versionId}`, `activated=${v.activatedAt?.toISOString() ?? '-'}`, v.source.name].join('  '));
    }
    return;
  }
  throw new CliUsageError(USAGE);
}
