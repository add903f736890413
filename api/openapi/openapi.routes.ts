/** GET /v1/openapi.json (the document) and GET /docs (a self-contained HTML reference; no CDN). */
import type { Express } from 'express';
import type { RouteDefinition } from '../http/route.js';
import { buildOpenApiDocument } from './openapi.document.js';
import { renderReferencePage } from './reference-page.js';

export function openApiRoutes(app: Express, routes: RouteDefinition[]): void {
  let document: Record<string, unknown> | undefined;
  const doc = () => (document ??= buildOpenApiDocument(routes));
  app.get('/v1/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(doc());
  });
  app.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('html').send(renderReferencePage(doc()));
  });
}
