// Installs the Debian packages listed in infra/tools/apt-packages.txt that are missing.
// apt-get runs only when something is missing, so a prepared machine starts in milliseconds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand, runChecked } from './run-command.js';

/** Package names from the list file: one a line, '#' starts a comment. */
export function parsePackageList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0);
}

/** Which of `packages` dpkg does not report as installed. */
export async function missingPackages(packages: string[]): Promise<string[]> {
  if (packages.length === 0) return [];
  // dpkg-query exits 1 when any name is unknown; the installed ones are still printed.
  const result = await runCommand('dpkg-query', ['-W', '-f=${Package} ${db:Status-Abbrev}\n', ...packages]);
  const installed = new Set<string>();
  for (const line of result.stdout.split('\n')) {
    const [name, status] = line.trim().split(/\s+/);
    if (name && status?.startsWith('ii')) installed.add(name);
  }
  return packages.filter((name) => !installed.has(name));
}

export async function ensureAptPackages(root: string): Promise<void> {
  const listFile = path.join(root, 'infra/tools/apt-packages.txt');
  await ensureDebianPackages(parsePackageList(readFileSync(listFile, 'utf8')));
}

/** Installs whichever of `packages` are missing (benches ask for their own tools, e.g. wrk). */
export async function ensureDebianPackages(packages: string[]): Promise<void> {
  const missing = await missingPackages(packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Debian packages missing: ${missing.join(' ')}. Install them as root: apt-get install -y ${missing.join(' ')}`);
  }
  console.error(`[tools] installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runChecked('apt-get', ['update', '-qq'], { env });
  await runChecked('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  const still = await missingPackages(missing);
  if (still.length > 0) throw new Error(`apt-get did not install: ${still.join(' ')}`);
}
