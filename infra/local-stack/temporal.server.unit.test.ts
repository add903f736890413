import { describe, expect, it } from 'vitest';
import { devServerArgs } from './temporal.server.js';

const base = { cliPath: '/bin/temporal', port: 7233, logFile: '/tmp/t.log' };

describe('devServerArgs', () => {
  it('binds to loopback and registers the workflow search attributes', () => {
    const args = devServerArgs(base).join(' ');
    expect(args).toContain('--ip 127.0.0.1 --port 7233');
    expect(args).toContain('--search-attribute ResourceType=Keyword');
    expect(args).toContain('--search-attribute ResourceId=Keyword');
    expect(args).toContain('--search-attribute Environment=Keyword');
  });

  it('runs headless in memory when neither UI port nor database file is given', () => {
    const args = devServerArgs(base);
    expect(args).toContain('--headless');
    expect(args).not.toContain('--db-filename');
  });

  it('serves the UI and persists to SQLite when asked', () => {
    const args = devServerArgs({ ...base, uiPort: 8233, dbFile: '/data/temporal.sqlite' }).join(' ');
    expect(args).toContain('--ui-port 8233');
    expect(args).toContain('--db-filename /data/temporal.sqlite');
    expect(args).not.toContain('--headless');
  });

  it('keeps the SQLite file in write-ahead-log mode with every commit synced', () => {
    const args = devServerArgs({ ...base, dbFile: '/data/temporal.sqlite' }).join(' ');
    expect(args).toContain('--sqlite-pragma journal_mode=wal');
    expect(args).toContain('--sqlite-pragma synchronous=full');
    expect(devServerArgs(base).join(' ')).not.toContain('--sqlite-pragma');
  });
});
