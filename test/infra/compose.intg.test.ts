// docker-compose.yml and the Dockerfile: the compose file passes Compose's own validation
// (with the `docker compose` plugin, or Debian's docker-compose where no plugin is installed;
// no engine is needed), and every image is pinned to an exact version.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledEntry, IMAGE_BUILD_DIR, PROGRAM_SOURCE_DIRS } from '../../infra/build/program-build.js';
import { ENTRIES, nodeFlags, programEnv } from '../../infra/local-stack/node-entry.js';

const root = path.resolve(import.meta.dirname, '../..');

function works(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return result.status === 0;
}

/** `docker compose` when the plugin is there, else the standalone docker-compose. */
function composeCommand(): string[] | undefined {
  if (works('docker', ['compose', 'version'])) return ['docker', 'compose'];
  if (works('docker-compose', ['version'])) return ['docker-compose'];
  return undefined;
}

const compose = composeCommand();

describe('docker-compose.yml', () => {
  it.skipIf(!compose)(
    `passes \`${compose?.join(' ') ?? 'docker compose'} config\`${compose ? '' : ' (skipped: neither the docker compose plugin nor docker-compose is installed)'}`,
    () => {
      const [command, ...args] = compose as string[];
      const result = spawnSync(command as string, [...args, '-f', 'docker-compose.yml', 'config', '-q'], {
        cwd: root,
        encoding: 'utf8',
        // Values the file takes from the environment must not come from this machine.
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
  );

  it('restarts every long-running service after a crash; one-shot steps run once', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const body = text.slice(text.indexOf('\nservices:\n') + '\nservices:\n'.length, text.indexOf('\nvolumes:\n'));
    const services = [...body.matchAll(/^  ([\w-]+):\n((?:(?:    .*)?\n)*)/gm)].map((m) => ({ name: m[1] as string, block: m[2] as string }));
    expect(services.map((s) => s.name)).toEqual(expect.arrayContaining(['postgres', 'temporal', 'minio', 'api', 'worker', 'migrate']));
    // A step others wait for with service_completed_successfully runs once; everything else serves.
    const oneShots = new Set([...body.matchAll(/^      ([\w-]+):\n        condition: service_completed_successfully/gm)].map((m) => m[1] as string));
    expect([...oneShots].sort()).toEqual(['migrate', 'temporal-setup']);
    for (const service of services) {
      const policy = /^    restart: (.+)$/m.exec(service.block)?.[1];
      expect(policy, service.name).toBe(oneShots.has(service.name) ? '"no"' : 'unless-stopped');
    }
  });

  it('runs the API and worker compiled, with the Node flags and environment defaults of npm start', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const shared = text.slice(text.indexOf('x-app-environment:'), text.indexOf('\nx-', text.indexOf('x-app-environment:') + 1));
    for (const name of ['api', 'worker'] as const) {
      const block = new RegExp(`^  ${name}:\\n((?:(?:    .*)?\\n)*)`, 'm').exec(text)?.[1] ?? '';
      const command = JSON.parse(/^    command: (\[.*\])$/m.exec(block)?.[1] ?? '[]') as string[];
      expect(command, name).toEqual(['node', ...nodeFlags(name), compiledEntry(IMAGE_BUILD_DIR, ENTRIES[name])]);
      for (const [key, value] of Object.entries(programEnv(name))) {
        const setting = new RegExp(`^\\s+${key}: "${value}"$`, 'm');
        expect(setting.test(shared) || setting.test(block), `${name}: ${key}=${value}`).toBe(true);
      }
    }
    // The image's own command (the API) too.
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd).toEqual(['node', ...nodeFlags('api'), compiledEntry(IMAGE_BUILD_DIR, ENTRIES.api)]);
    // ... which the image compiles (after copying the sources it compiles).
    const buildStep = dockerfile.indexOf(`RUN node --import tsx infra/build/program-build.main.ts --out ${IMAGE_BUILD_DIR}`);
    for (const dir of PROGRAM_SOURCE_DIRS) {
      const copy = dockerfile.indexOf(`COPY ${dir} ./${dir}`);
      expect(copy, dir).toBeGreaterThan(0);
      expect(buildStep, dir).toBeGreaterThan(copy);
    }
    // Two malloc arenas are the worker's alone (the API's async screenings were slower with them).
    expect(programEnv('worker').MALLOC_ARENA_MAX).toBe('2');
    expect(programEnv('api').MALLOC_ARENA_MAX).toBeUndefined();
    expect(/MALLOC_ARENA_MAX/.test(shared)).toBe(false);
  });

  it('pins every image to an exact version', () => {
    const images = [...readFileSync(path.join(root, 'docker-compose.yml'), 'utf8').matchAll(/^\s*image:\s*(\S+)/gm)].map((m) => m[1] as string);
    expect(images.length).toBeGreaterThan(4);
    const unpinned = images.filter((image) => image !== 'clearwatch:local' && !/:(\d+\.\d+[\w.-]*|RELEASE\.[\w-]+)$/.test(image));
    expect(unpinned).toEqual([]);
  });

  it('builds the application from a Dockerfile whose base images are pinned', () => {
    const froms = [...readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1] as string);
    expect(froms.length).toBeGreaterThan(0);
    expect(froms.filter((image) => !/:\d+\.\d+\.\d+-/.test(image))).toEqual([]);
  });
});
