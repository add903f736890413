// Reads the last lines of a server log, for error messages when a component fails.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export function tailFile(file: string, lines = 40): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8').split('\n').slice(-lines - 1).join('\n');
  } catch {
    return '(no log)';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
