/**
 * Every outbound call goes through the one SSRF guard (infra/http/): production code outside that
 * folder never calls the runtime's fetch, http(s).request/get, net.connect or undici itself (an
 * http.Agent for keep-alive, or an inbound server, is not a call). A caller written
 * against the Fetch API is handed guardedFetch (the worker's registries).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PRODUCTION = ['api', 'activities', 'worker', 'workflows', 'cli'];
/** Direct network clients; `deps.fetch(` (an injected, guarded fetch) is not one. */
const DIRECT = [/(?<![.\w])fetch\(/, /globalThis\.fetch\b/, /\bhttps?\.(request|get)\(/, /from ['"]undici['"]/, /\bnet\.connect\(/, /\bnew WebSocket\(/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

export function directCalls(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && DIRECT.some((pattern) => pattern.test(line)));
}

describe('one outbound path', () => {
  it('recognises direct calls and lets injected ones through', () => {
    expect(directCalls("const r = await fetch(url);\nawait globalThis.fetch(u)\nhttps.request(u)\nnet.connect(443, host)")).toHaveLength(4);
    expect(directCalls("const r = await deps.fetch(url);\n// fetch(url) in a comment\nimport http from 'node:http';\nnew http.Agent({ keepAlive: true })")).toHaveLength(0);
  });

  it('no production file outside infra/http calls the network directly', () => {
    const offenders = PRODUCTION.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      directCalls(readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
