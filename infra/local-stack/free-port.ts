// Finds TCP ports on the loopback interface that are free right now, for servers a test run
// starts next to a developer's own stack (which holds the fixed default ports).
import { createServer, type Server } from 'node:net';

function listenOnAnyPort(host: string): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve({ server, port: address.port });
      else reject(new Error('no free port'));
    });
  });
}

/** `count` distinct free ports: all are held open until every one is chosen. */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const held: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const { server, port } = await listenOnAnyPort(host);
      held.push(server);
      ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [port] = await freePorts(1, host);
  return port as number;
}
