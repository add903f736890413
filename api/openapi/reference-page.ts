/** Renders the OpenAPI document as one static HTML page: operations grouped by tag, with scopes and schemas. */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderReferencePage(doc: Record<string, unknown>): string {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0]!;
      const scope = op['x-required-scope'] ? `<span class="scope">scope: ${escapeHtml(String(op['x-required-scope']))}</span>` : '<span class="scope">public</span>';
      const params = ((op.parameters as { name: string; in: string; required?: boolean }[]) ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = op.requestBody
        ? `<details><summary>Request body schema</summary><pre>${escapeHtml(JSON.stringify((op.requestBody as any).content['application/json'].schema, null, 2))}</pre></details>`
        : '';
      const responses = Object.entries(op.responses as Record<string, { description: string }>)
        .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description)}</li>`)
        .join('');
      const html = `<section><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary ?? ''))} ${scope}</p>${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}<h4>Responses</h4><ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('\n')}`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}
section{border-top:1px solid #ddd;padding:.5rem 0}.method{font-weight:bold;padding:0 .3rem;border-radius:3px;background:#eee}
.get{background:#e3f2fd}.post{background:#e8f5e9}.patch{background:#fff8e1}.delete{background:#ffebee}
.scope{font-size:.85em;color:#555;margin-left:.5rem}pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:.8em}</style></head>
<body><h1>${escapeHtml(info.title)} <small>v${escapeHtml(info.version)}</small></h1><p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a></p>${sections}</body></html>`;
}
