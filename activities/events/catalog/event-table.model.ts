/** The README's table of event types, generated from the catalog (a test keeps the README in step). */
import { listEventTypes } from './event-catalog.js';

export function eventTypesMarkdownTable(): string {
  const rows = listEventTypes().map((t) => `| \`${t.type}\` | ${t.description} |`);
  return ['| Event type | When |', '|---|---|', ...rows].join('\n');
}
