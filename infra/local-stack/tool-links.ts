// Points a symlink in .tools at a cached tool, replacing a stale link; returns the link path.
import { lstatSync, mkdirSync, readlinkSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export function linkInto(link: string, target: string): string {
  mkdirSync(path.dirname(link), { recursive: true });
  try {
    if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === target) return link;
  } catch {
    // no link yet
  }
  // Create under a temporary name and rename over the old one: atomic for concurrent runs.
  const temp = `${link}.tmp-${process.pid}`;
  symlinkSync(target, temp);
  renameSync(temp, link);
  return link;
}
