import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };

/** What the receiver answers: a status, a body, headers, after a delay. */
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/**
 * A webhook receiver on this machine for tests: records every request and answers with what
 * `respond` says (200 by default).
 */
export async function startWebhookReceiver(): Promise<{
  url: (path?: string) => string;
  received: ReceivedWebhook[];
  respond: (answer: (request: ReceivedWebhook) => Answer) => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook) => Answer = () => ({
    status: 200,
    body: 'ok',
  });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const { status, body, headers, delayMs } = answer(entry);
      setTimeout(() => {
        response.writeHead(status, headers);
        response.end(body ?? '');
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    respond: (next) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
