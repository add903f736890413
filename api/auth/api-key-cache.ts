/**
 * API keys cached per process, so an authenticated request costs no database round trip for its
 * key. Exact all the same: every change that matters (revocation, scopes, deletion) notifies
 * `api_key_changes` in its own transaction (migration 2026-11-25T1200) and each process drops its
 * whole cache on the notification, over the process's one shared LISTEN connection
 * (infra/db/notifications.ts). While that connection is not established, or after it broke, the
 * cache is bypassed — every request reads the database — until listening works again. A read
 * that races a notification is not cached (generation check), and entries also expire after a
 * minute. Unknown prefixes are never cached, so a new key works at once.
 */
import type { Db } from '../../infra/db/create-db.js';
import { listenForNotifications, type NotificationWaiter } from '../../infra/db/notifications.js';
import { findApiKeyByPrefix } from '../../infra/db/repositories/api-keys.repository.js';
import type { ApiKeyRow } from '../../infra/db/tables/api-keys.table.js';

export const API_KEY_CHANNEL = 'api_key_changes';
const TTL_MS = 60_000;
const RELISTEN_DELAY_MS = 1_000;

export class ApiKeyCache {
  private readonly entries = new Map<string, { row: ApiKeyRow; at: number }>();
  private generation = 0;
  private waiter: NotificationWaiter | undefined;
  private loop: Promise<void> | undefined;
  private closed = false;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly db: Db) {}

  /** The key row for a lookup prefix (see api-key.ts), from the cache when it can be trusted. */
  async find(prefix: string): Promise<ApiKeyRow | undefined> {
    this.loop ??= this.listen();
    if (this.trusted()) {
      const hit = this.entries.get(prefix);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
    }
    const generation = this.generation;
    const row = await findApiKeyByPrefix(this.db, prefix);
    if (row && this.trusted() && generation === this.generation) this.entries.set(prefix, { row, at: Date.now() });
    return row;
  }

  /** Called after each notified change of the keys. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private trusted(): boolean {
    return this.waiter?.isListening() ?? false;
  }

  private invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private async listen(): Promise<void> {
    while (!this.closed) {
      try {
        const waiter = await listenForNotifications(this.db, API_KEY_CHANNEL);
        // Anything cached before this connection listened may have missed a notification.
        this.invalidate();
        this.waiter = waiter;
        while (!this.closed && waiter.isListening()) {
          if ((await waiter.wait(1_000)) === 'notified') {
            this.invalidate();
            for (const listener of this.listeners) listener();
          }
        }
        this.waiter = undefined;
        await waiter.close();
      } catch {
        // The database is unreachable: requests read it directly (and fail as they would).
      }
      this.waiter = undefined;
      this.invalidate();
      if (!this.closed) await new Promise((resolve) => setTimeout(resolve, RELISTEN_DELAY_MS).unref());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    this.invalidate();
    await waiter?.close();
  }
}
