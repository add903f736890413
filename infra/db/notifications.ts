/**
 * Waiting for PostgreSQL notifications (LISTEN), for readers that should react at once to a
 * commit instead of polling: `wait(ms)` resolves on the next notification on the channel or after
 * `ms`, whichever comes first; a notification that arrived since the last wait resolves it at once.
 * One dedicated connection per database handle listens for every waiter of the process (never a
 * pool connection: waiters must not starve queries); it is closed when the last waiter closes. When
 * it breaks, waits simply time out (readers also poll) and the next waiter opens a new one.
 */
import pg from 'pg';
import { poolOf, type Db } from './create-db.js';

export interface NotificationWaiter {
  wait(ms: number): Promise<'notified' | 'timeout'>;
  /** False once the shared LISTEN connection has broken (a notification may have been missed). */
  isListening(): boolean;
  close(): Promise<void>;
}

interface Listener {
  notified(payload: string): void;
}

interface Hub {
  client: pg.Client;
  ready: Promise<void>;
  channels: Map<string, Set<Listener>>;
  broken: boolean;
}

const hubs = new WeakMap<Db, Hub>();

function openHub(db: Db): Hub {
  const client = new pg.Client({ ...poolOf(db).options, application_name: 'clearwatch-listen' } as pg.ClientConfig);
  const hub: Hub = { client, ready: client.connect().then(() => undefined), channels: new Map(), broken: false };
  client.on('notification', (message) => {
    for (const listener of hub.channels.get(message.channel) ?? []) listener.notified(message.payload ?? '');
  });
  const drop = () => {
    hub.broken = true;
    if (hubs.get(db) === hub) hubs.delete(db);
  };
  client.on('error', drop);
  client.on('end', drop);
  return hub;
}

/** Adds a listener to the process's LISTEN connection; the returned function removes it. */
async function subscribe(db: Db, channel: string, listener: Listener): Promise<{ unsubscribe: () => Promise<void>; hub: Hub }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let hub = hubs.get(db);
  if (!hub || hub.broken) {
    hub = openHub(db);
    hubs.set(db, hub);
  }
  const current = hub;
  await current.ready;
  let set = current.channels.get(channel);
  if (!set) {
    set = new Set();
    current.channels.set(channel, set);
    await current.client.query(`LISTEN ${channel}`);
  }
  set.add(listener);
  const unsubscribe = async () => {
    set.delete(listener);
    if (set.size === 0) current.channels.delete(channel);
    if (current.channels.size === 0 && !current.broken) {
      if (hubs.get(db) === current) hubs.delete(db);
      current.broken = true;
      await current.client.end().catch(() => undefined);
    }
  };
  return { unsubscribe, hub: current };
}

/**
 * Calls `onPayload` with the payload of every notification on the channel (e.g. the id of a
 * record that changed), until the returned subscription is closed. `broken()` says whether the
 * connection it listens on has failed (the caller then re-subscribes; missed payloads are gone).
 */
export async function listenForPayloads(db: Db, channel: string, onPayload: (payload: string) => void): Promise<{ close(): Promise<void>; broken(): boolean }> {
  const { unsubscribe, hub } = await subscribe(db, channel, { notified: onPayload });
  return { close: unsubscribe, broken: () => hub.broken };
}

export async function listenForNotifications(db: Db, channel: string): Promise<NotificationWaiter> {
  let pending = false;
  let wake: (() => void) | undefined;
  const listener: Listener = {
    notified() {
      pending = true;
      wake?.();
    },
  };
  const { unsubscribe, hub } = await subscribe(db, channel, listener);
  return {
    isListening: () => !hub.broken,
    wait(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve('notified');
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          wake = undefined;
          resolve('timeout');
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          pending = false;
          resolve('notified');
        };
      });
    },
    async close() {
      wake?.();
      await unsubscribe();
    },
  };
}
