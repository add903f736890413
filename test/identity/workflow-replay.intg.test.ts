/**
 * Replays recorded histories of the identity workflows (test/identity/fixtures/histories, recorded
 * from real runs: a processed and an expired upload watch, a processing run, a decline with
 * cancelled documents, an expiry that fired and one that found the session moved on) against the
 * current workflow code, so a change that would break running workflows fails here.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../support/test-worker.js';

// historyFromJSON of @temporalio/common uses its own copy of protobufjs, which in this install is not
// the copy @temporalio/proto's types were built with ("type must be a Type"): parse with the
// protobufjs that @temporalio/proto resolves, so the types and the JSON reader match.
const fromProto = createRequire(createRequire(import.meta.url).resolve('@temporalio/proto'));
const { fromJson } = fromProto('protobufjs/ext/protojson') as { fromJson(type: unknown, json: unknown, options: object): unknown };
const { patchProtobufRoot } = fromProto('@temporalio/proto/lib/patch-protobuf-root') as { patchProtobufRoot(root: unknown): { lookupType(name: string): unknown } };
const historyType = patchProtobufRoot(fromProto('@temporalio/proto')).lookupType('temporal.api.history.v1.History');

const dir = path.resolve(import.meta.dirname, 'fixtures/histories');
const names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();

describe('identity workflows replay their recorded histories', () => {
  it('has a history for each identity workflow', () => {
    const workflows = new Set(names.map((n) => n.split('.')[0]));
    expect([...workflows].sort()).toEqual(['document-processing', 'document-upload', 'session-decline', 'session-expiry']);
  });

  it.each(names)('%s', async (name) => {
    const history = fromJson(historyType, JSON.parse(await readFile(path.join(dir, name), 'utf8')), { ignoreUnknownFields: true });
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, name)).resolves.toBeUndefined();
  });
});
