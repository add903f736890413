/** Output channels and the usage error of the CLI, so commands are testable without a process. */
export interface CliIo {
  out(line: string): void;
  err(text: string): void;
}

export class CliUsageError extends Error {}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};
