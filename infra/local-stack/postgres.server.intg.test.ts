// The local cluster's Unix socket (what npm start gives the API and the worker): a private folder,
// a URL that pg (and libpq) read as a socket path, and queries over it.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from './free-port.js';
import { ensureDatabase, postgresUrl, startPostgres, type PostgresServer } from './postgres.server.js';
import { ensureTools } from './tool-installer.js';

describe('local PostgreSQL over a Unix socket', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-pgsock-test-'));
  // The server runs as the postgres user when we are root: it must be able to enter the folder.
  chmodSync(dir, 0o755);
  let server: PostgresServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('percent-encodes a folder host and leaves a TCP host as it is', () => {
    expect(postgresUrl('/tmp/cw-pg-x', 5432, 'clearwatch')).toBe('postgres://postgres@%2Ftmp%2Fcw-pg-x:5432/clearwatch');
    expect(postgresUrl('127.0.0.1', 5433, 'clearwatch')).toBe('postgres://postgres@127.0.0.1:5433/clearwatch');
  });

  it('answers queries over the socket in a folder only its owner can enter', async () => {
    const tools = await ensureTools();
    const [port] = (await freePorts(1)) as [number];
    const socketDir = path.join(dir, 'socket');
    server = await startPostgres({ binDir: tools.postgresBinDir, dataDir: path.join(dir, 'data'), port, logFile: path.join(dir, 'pg.log'), socketDir, ephemeral: true });
    await ensureDatabase(server.adminUrl, 'sockettest');
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    const url = server.localUrl('sockettest');
    expect(url).toContain(encodeURIComponent(socketDir));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ db: string; addr: string | null }>('select current_database() as db, inet_client_addr()::text as addr');
      // No client address: the connection came over the Unix socket, not TCP.
      expect(rows[0]).toEqual({ db: 'sockettest', addr: null });
    } finally {
      await client.end();
    }
  }, 120_000);
});
