/**
 * Loopback web sites for website check tests: one HTTP server with pages of every kind (a real
 * business page, a redirect chain, a redirect to a private address, a parked domain, a site under
 * construction, a huge page, a slow page) and two HTTPS servers, one with a self-signed
 * certificate and one with an expired one, generated at start-up. Plus a DNS server on loopback
 * (dns2) answering A, MX, SPF and DMARC for `localhost`, so DNS facts come over real DNS.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import dns2 from 'dns2';
import { generate } from 'selfsigned';

export const BUSINESS_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Home | Acme Trading Ltd</title>
<meta property="og:site_name" content="Acme Trading">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Trading Limited","address":{"@type":"PostalAddress","streetAddress":"1 Test Street","postalCode":"EC1A 1BB","addressLocality":"London","addressCountry":"GB"}}</script>
</head><body><header><nav><a href="/about">About us</a></nav></header>
<h1>Industrial supplies since 1998</h1>
<p>Call us on <a href="tel:+442079460000">020 7946 0000</a> or write to sales@acme-trading.example.</p>
<footer><a href="/privacy-policy">Privacy policy</a> · <a href="/terms">Terms and conditions</a><p>© 2024 Acme Trading Ltd. All rights reserved.</p></footer>
</body></html>`;

const PARKED_PAGE = `<html><head><title>acme-trading.example</title></head><body><h1>This domain is for sale!</h1><p>Buy this domain today.</p><a href="https://sedo.com/search/details/?domain=acme-trading.example">Make an offer</a></body></html>`;
const CONSTRUCTION_PAGE = `<html lang="de"><head><title>Bald verfügbar</title></head><body><h1>Coming soon</h1><p>Unsere Website befindet sich im Aufbau.</p></body></html>`;

function routes(req: IncomingMessage, res: ServerResponse, base: () => string): void {
  const html = (body: string) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(body);
  };
  switch (req.url) {
    case '/good':
      res.setHeader('Strict-Transport-Security', 'max-age=31536000');
      return html(BUSINESS_PAGE);
    case '/r1':
      res.writeHead(302, { Location: '/r2' }).end();
      return;
    case '/r2':
      res.writeHead(301, { Location: `${base()}/r3` }).end();
      return;
    case '/r3':
      res.writeHead(307, { Location: '/good' }).end();
      return;
    case '/to-private':
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    case '/parked':
      return html(PARKED_PAGE);
    case '/construction':
      return html(CONSTRUCTION_PAGE);
    case '/huge': {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.write('<html><head><title>Huge</title></head><body>');
      const chunk = `<p>${'lorem ipsum dolor sit amet '.repeat(400)}</p>`;
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('</body></html>');
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    case '/slow':
      setTimeout(() => html('<html><title>late</title></html>'), 10_000).unref();
      return;
    default:
      res.writeHead(404).end('not found');
  }
}

export interface TestSites {
  http: string;
  selfSigned: string;
  expired: string;
  dnsServer: string;
  close(): Promise<void>;
}

function tracked(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startTestSites(): Promise<TestSites> {
  const altNames = { name: 'subjectAltName' as const, altNames: [{ type: 2 as const, value: 'localhost' }, { type: 7 as const, ip: '127.0.0.1' }] };
  const selfSignedPems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256', extensions: [altNames] as never });
  const day = 86_400_000;
  const expiredPems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048, algorithm: 'sha256', notBeforeDate: new Date(Date.now() - 400 * day), notAfterDate: new Date(Date.now() - 30 * day), extensions: [altNames] as never,
  });

  let httpBase = '';
  const http = createHttpServer((req, res) => routes(req, res, () => httpBase));
  const httpPort = await listen(http);
  httpBase = `http://localhost:${httpPort}`;
  const selfSigned = createHttpsServer({ key: selfSignedPems.private, cert: selfSignedPems.cert }, (req, res) => routes(req, res, () => httpBase));
  const selfSignedPort = await listen(selfSigned);
  const expired = createHttpsServer({ key: expiredPems.private, cert: expiredPems.cert }, (req, res) => routes(req, res, () => httpBase));
  const expiredPort = await listen(expired);

  const { Packet } = dns2;
  const dns = dns2.createServer({
    udp: true,
    handle(request: InstanceType<typeof Packet>, send: (response: InstanceType<typeof Packet>) => void) {
      const response = Packet.createResponseFromRequest(request);
      const answers = response.answers as unknown[];
      const question = request.questions[0]!;
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      if (question.name === 'localhost' && question.type === Packet.TYPE.A) answers.push({ ...base, type: Packet.TYPE.A, address: '127.0.0.1' });
      if (question.name === 'localhost' && question.type === Packet.TYPE.MX) answers.push({ ...base, type: Packet.TYPE.MX, exchange: 'mail.localhost', priority: 10 });
      if (question.name === 'localhost' && question.type === Packet.TYPE.TXT) answers.push({ ...base, type: Packet.TYPE.TXT, data: ['v=spf1 ip4:127.0.0.1 ', '-all'] });
      if (question.name === '_dmarc.localhost' && question.type === Packet.TYPE.TXT) answers.push({ ...base, type: Packet.TYPE.TXT, data: 'v=DMARC1; p=reject' });
      send(response);
    },
  } as never);
  const addresses = (await dns.listen({ udp: { port: 0, address: '127.0.0.1' } } as never)) as unknown as { udp: AddressInfo };

  const closers = [tracked(http), tracked(selfSigned), tracked(expired)];
  return {
    http: httpBase,
    selfSigned: `https://localhost:${selfSignedPort}`,
    expired: `https://localhost:${expiredPort}`,
    dnsServer: `127.0.0.1:${addresses.udp.port}`,
    async close() {
      await Promise.all(closers.map((c) => c()));
      await dns.close();
    },
  };
}
