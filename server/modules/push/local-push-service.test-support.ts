import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/*
 * A push service on this machine for tests (decision 055): it plays the browser vendor's server,
 * keeps what it receives, answers 201 (or what a test tells it to, such as 410 Gone), and holds the
 * browser's keys, so a test can decrypt a message exactly as a browser would (aes128gcm, RFC 8291).
 */

type Ece = {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
};
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A browser's side of a subscription: the endpoint at the local push service and its keys. */
export type FakeBrowser = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts a message sent to this browser, as JSON. */
  decrypt(push: ReceivedPush): unknown;
};

export type LocalPushService = {
  url: string;
  received: ReceivedPush[];
  /** The answer for a path (default 201). */
  answer(path: string, status: number): void;
  createBrowser(name: string): FakeBrowser;
  close(): Promise<void>;
};

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, status) => answers.set(path, status),
    createBrowser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        subscription: {
          endpoint: `${url}/push/${name}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        decrypt: (push) =>
          JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as unknown,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
