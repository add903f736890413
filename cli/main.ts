/**
 * `npm run cli -- <command>`: operator commands.
 *   keys create --env staging|production --scopes a,b|all --name NAME   (raw key is the last line)
 *   keys list | keys revoke ID
 *   staging reset
 *   lists import --dir DIR | --file FILE
 *   audit verify [--env staging|production]
 *   issuer keys | issuer rotate-key [--env staging|production] | issuer retire-key KID   (rotate needs SECRETS_ENCRYPTION_KEY)
 * Needs DATABASE_URL; storage (S3_*) for staging reset; Temporal is not needed. Next to a running
 * `npm start`, whatever is unset comes from its record in .data/stack.json (stack-file.ts).
 */
import { createDb } from '../infra/db/create-db.js';
import { withStackDefaults } from '../infra/local-stack/stack-file.js';
import { toolPaths } from '../infra/local-stack/tool-paths.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { CliUsageError, processIo } from './cli-io.js';
import { cliCommands } from './commands/index.js';

const [command, ...rest] = process.argv.slice(2);
const dataDir = toolPaths().dataDir;
Object.assign(process.env, withStackDefaults(process.env, dataDir));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  processIo.err(`DATABASE_URL: is required (no running \`npm start\` recorded in ${dataDir}/stack.json)`);
  process.exit(78);
}
const db = createDb(databaseUrl, { poolSize: 2, applicationName: 'clearwatch-cli' });
const storage =
  process.env.S3_ENDPOINT && process.env.S3_ACCESS_KEY && process.env.S3_SECRET_KEY
    ? createObjectStorage({
        endpoint: process.env.S3_ENDPOINT,
        accessKey: process.env.S3_ACCESS_KEY,
        secretKey: process.env.S3_SECRET_KEY,
        bucket: process.env.S3_BUCKET || 'clearwatch',
        region: process.env.S3_REGION || 'us-east-1',
      })
    : null;
try {
  const run = command ? cliCommands[command] : undefined;
  if (!run) throw new CliUsageError(`unknown command ${command ?? '(none)'}; commands: ${Object.keys(cliCommands).join(', ')}`);
  await run({ db, storage, io: processIo }, rest);
} catch (error) {
  if (error instanceof CliUsageError) {
    processIo.err(error.message);
    process.exitCode = 64;
  } else {
    processIo.err(`error: ${(error as Error).message}`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
