/**
 * The catalog documents the webhooks: the OpenAPI `webhooks` section has one entry per event type
 * with its payload schema and the Standard Webhooks headers, and the README's event table is the
 * one the catalog generates (so neither can drift from the code).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../activities/events/catalog/event-catalog.js';
import { eventTypesMarkdownTable } from '../../activities/events/catalog/event-table.model.js';
import { buildOpenApiDocument } from '../../api/openapi/openapi.document.js';

describe('event documentation', () => {
  it('the OpenAPI document has a webhooks entry per event type', () => {
    const doc = buildOpenApiDocument([]) as { webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: { data: { properties: { attributes: { properties: Record<string, unknown> } } } } } }> } } }> };
    expect(Object.keys(doc.webhooks).sort()).toEqual(listEventTypes().map((t) => t.type).sort());
    const completed = doc.webhooks['screening.completed']!.post;
    expect(completed.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(Object.keys(completed.requestBody.content['application/json']!.schema.properties.data.properties.attributes.properties)).toEqual(expect.arrayContaining(['status', 'has_match', 'matched_list_slugs']));
  });

  it('the README lists exactly the catalog\'s event types (regenerate with eventTypesMarkdownTable())', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readme).toContain(eventTypesMarkdownTable());
  });
});
