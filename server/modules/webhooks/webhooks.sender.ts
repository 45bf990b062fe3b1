import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { checkOutboundUrlAtSend, createGuardedLookup, OutboundTargetRefused, type OutboundTargetPolicy } from '../../lib/outbound-targets';

/*
 * One attempt to deliver one webhook: signed with the Standard Webhooks scheme, sent with Node's
 * own http(s) client so the socket's address lookup is ours (server/lib/outbound-targets.ts), never following
 * a redirect (a 3xx is an answer that is not a success), given up after a timeout.
 */

/** How long one attempt may take, from connecting to the end of the answer. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
const EXCERPT_CHARS = 500;
const EXCERPT_BYTES = 4 * EXCERPT_CHARS;

/** unsigned: a Slack or Teams post (decision 038), which carries no Standard Webhooks headers. */
export type WebhookAttempt = { id: string; url: string; secret: string; body: string; timestamp: Date; unsigned?: boolean };

/**
 * succeeded: a 2xx. responseStatus is null when no answer came (refused, unreachable, timed out).
 * retryAfterMs: a 429's Retry-After (seconds or an HTTP date), when it gave one.
 */
export type WebhookAttemptResult = {
  succeeded: boolean;
  responseStatus: number | null;
  responseExcerpt: string;
  retryAfterMs?: number | null;
};

/** Retry-After as a wait in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function readRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** The three headers of the Standard Webhooks scheme for this body. */
export function signWebhook(input: { id: string; secret: string; body: string; timestamp: Date }): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(Math.floor(input.timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(input.secret).sign(input.id, input.timestamp, input.body),
  };
}

export async function sendWebhook(
  attempt: WebhookAttempt,
  policy: OutboundTargetPolicy,
  timeoutMs = WEBHOOK_ATTEMPT_TIMEOUT_MS,
): Promise<WebhookAttemptResult> {
  let url: URL;
  try {
    url = new URL(attempt.url);
    checkOutboundUrlAtSend(url, policy);
  } catch (error) {
    return { succeeded: false, responseStatus: null, responseExcerpt: describeFailure(error) };
  }
  const headers = {
    ...(attempt.unsigned ? {} : signWebhook(attempt)),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(attempt.body)),
    'user-agent': 'Dealboard-Webhooks/1',
  };
  return new Promise<WebhookAttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: WebhookAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'POST', headers, lookup: createGuardedLookup(policy, url), agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        // Only the start is kept; the rest is read and dropped so the receiver is not left hanging.
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        finish({
          succeeded: status >= 200 && status < 300,
          responseStatus: status,
          responseExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
          retryAfterMs: status === 429 ? readRetryAfter(response.headers['retry-after'], attempt.timestamp) : null,
        });
      });
      response.on('error', (error) =>
        finish({ succeeded: false, responseStatus: response.statusCode ?? null, responseExcerpt: describeFailure(error) }),
      );
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish({ succeeded: false, responseStatus: null, responseExcerpt: describeFailure(error) }));
    request.end(attempt.body);
  });
}

function describeFailure(error: unknown): string {
  if (error instanceof OutboundTargetRefused) return `Not sent: ${error.message}`;
  const message = (error as Error).message || String(error);
  return `Not delivered: ${message}`.slice(0, EXCERPT_CHARS);
}
