/**
 * One local HTTP server standing in for the three real registries, answering with the documented
 * response shapes in test/fixtures/registries: Companies House under /ch, BrasilAPI under /br,
 * OpenCorporates under /oc. Known companies: GB 09876543, BR 11222333000181 (active) and
 * 12345678000195 (closed), US "Acme Widgets Inc" (search hit us_de/5123456). Anything else is the
 * registry's own 404. A test can queue one-off answers (429 with Retry-After, 5xx, 'hang' for a
 * timeout) for requests whose path starts with a prefix; they are served before the defaults.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/registries');

function fixture(relativePath: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, relativePath), 'utf8'));
}

export interface MockAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MockRegistries {
  /** Configuration variables pointing the adapters at this server. */
  config: {
    COMPANIES_HOUSE_BASE_URL: string;
    COMPANIES_HOUSE_API_KEY: string;
    BRASILAPI_BASE_URL: string;
    OPENCORPORATES_BASE_URL: string;
    OPENCORPORATES_API_TOKEN: string;
  };
  /** Every request path received, in order. */
  paths: string[];
  /** Serves these answers, in order, to the next requests whose path starts with `prefix`. */
  queue(prefix: string, ...answers: (MockAnswer | 'hang')[]): void;
  close(): Promise<void>;
}

const GB_NUMBER = '09876543';
const US_SEARCH_NAME = /acme widgets/i;

function defaultAnswer(pathname: string, query: URLSearchParams): MockAnswer {
  const ch = /^\/ch\/company\/([^/]+)(\/[a-z-]+)?$/.exec(pathname);
  if (ch) {
    if (ch[1] !== GB_NUMBER) return { status: 404, body: fixture('companies-house/error-company-profile-not-found.json') };
    const part = ch[2] ?? '';
    const file = {
      '': 'company-profile.json',
      '/officers': 'officers.json',
      '/persons-with-significant-control': 'persons-with-significant-control.json',
      '/filing-history': 'filing-history.json',
    }[part];
    return file ? { status: 200, body: fixture(`companies-house/${file}`) } : { status: 404, body: { errors: [{ error: 'not-found' }] } };
  }
  const br = /^\/br\/api\/cnpj\/v1\/(\w+)$/.exec(pathname);
  if (br) {
    if (br[1] === '11222333000181') return { status: 200, body: fixture('brasil-api/cnpj-ativa.json') };
    if (br[1] === '12345678000195') return { status: 200, body: fixture('brasil-api/cnpj-baixada.json') };
    return { status: 404, body: fixture('brasil-api/error-not-found.json') };
  }
  if (pathname === '/oc/companies/search') {
    if (US_SEARCH_NAME.test(query.get('q') ?? '')) return { status: 200, body: fixture('open-corporates/companies-search.json') };
    return { status: 200, body: { api_version: '0.4', results: { companies: [], page: 1, per_page: 100, total_pages: 0, total_count: 0 } } };
  }
  if (pathname === '/oc/companies/us_de/5123456') return { status: 200, body: fixture('open-corporates/company-us_de-5123456.json') };
  return { status: 404, body: { error: { message: 'not found' } } };
}

export async function startMockRegistries(): Promise<MockRegistries> {
  const paths: string[] = [];
  const queued: { prefix: string; answer: MockAnswer | 'hang' }[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    paths.push(url.pathname);
    const index = queued.findIndex((entry) => url.pathname.startsWith(entry.prefix));
    const answer = index >= 0 ? queued.splice(index, 1)[0]!.answer : defaultAnswer(url.pathname, url.searchParams);
    if (answer === 'hang') return;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    config: {
      COMPANIES_HOUSE_BASE_URL: `${base}/ch`,
      COMPANIES_HOUSE_API_KEY: 'test-companies-house-key',
      BRASILAPI_BASE_URL: `${base}/br`,
      OPENCORPORATES_BASE_URL: `${base}/oc`,
      OPENCORPORATES_API_TOKEN: 'test-opencorporates-token',
    },
    paths,
    queue(prefix, ...answers) {
      for (const answer of answers) queued.push({ prefix, answer });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
