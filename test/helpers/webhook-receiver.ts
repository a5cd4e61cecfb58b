// A real webhook receiver on 127.0.0.1 that records every request; each test scripts its answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

export interface Receiver {
  url: (path?: string) => string;
  received: ReceivedWebhook[];
  /** Answers for the next requests, in order (status codes); 200 once they run out. */
  script: number[];
  close(): Promise<void>;
}

export async function startReceiver(onRequest?: (r: ReceivedWebhook) => void): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const script: number[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      );
      const r = { path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      received.push(r);
      onRequest?.(r);
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verifies one received delivery with the reference Standard Webhooks library; throws if it does not verify. */
export function verifyWith(secret: string, r: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(r.body, r.headers);
}
