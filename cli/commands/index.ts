/** The CLI's command table. A feature adds its command here. */
import type { Db } from '../../infra/db/create-db.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import type { CliIo } from '../cli-io.js';
import { auditCommand } from './audit.command.js';
import { issuerCommand } from './issuer.command.js';
import { keysCommand } from './keys.command.js';
import { listsCommand } from './lists.command.js';
import { stagingCommand } from './staging-reset.command.js';

export interface CliContext {
  db: Db;
  storage: ObjectStorage | null;
  io: CliIo;
}

export const cliCommands: Record<string, (ctx: CliContext, argv: string[]) => Promise<void>> = {
  keys: (ctx, argv) => keysCommand(ctx.db, argv, ctx.io),
  staging: (ctx, argv) => stagingCommand(ctx.db, ctx.storage, argv, ctx.io),
  lists: (ctx, argv) => listsCommand(ctx.db, argv, ctx.io),
  audit: (ctx, argv) => auditCommand(ctx.db, argv, ctx.io),
  issuer: (ctx, argv) => issuerCommand(ctx.db, argv, ctx.io),
};
