/**
 * Waiting for PostgreSQL notifications (LISTEN), for readers that should react at once to a
 * commit instead of polling: `wait(ms)` resolves on the next notification on the channel or after
 * `ms`, whichever comes first; a notification that arrived since the last wait resolves it at once.
 * When the listening connection breaks, waits simply time out (readers also poll).
 */
import type pg from 'pg';
import { poolOf, type Db } from './create-db.js';

export interface NotificationWaiter {
  wait(ms: number): Promise<'notified' | 'timeout'>;
  close(): Promise<void>;
}

export async function listenForNotifications(db: Db, channel: string): Promise<NotificationWaiter> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  const client: pg.PoolClient = await poolOf(db).connect();
  let pending = false;
  let wake: (() => void) | undefined;
  let broken = false;
  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel) return;
    pending = true;
    wake?.();
  };
  const onError = () => {
    broken = true;
  };
  client.on('notification', onNotification);
  client.on('error', onError);
  await client.query(`LISTEN ${channel}`);
  return {
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
      client.off('notification', onNotification);
      wake?.();
      try {
        if (!broken) await client.query(`UNLISTEN ${channel}`);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}
