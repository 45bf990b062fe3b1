import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import { checkOutboundUrlAtSend, createGuardedLookup, OutboundTargetRefused, type OutboundTargetPolicy } from '../../lib/outbound-targets';
import { claimVapidKeys, findVapidKeys, type VapidKeys } from './push.repository';

/*
 * One Web Push message to one browser (decision 055): encrypted for the browser's keys (aes128gcm,
 * RFC 8291) and signed with the instance's VAPID key by `web-push`, then sent with Node's own
 * http(s) client under the webhooks' address rule (no internal addresses in production), never
 * following a redirect, given up after a timeout. web-push's own sender speaks https only; the
 * tests' local push service is plain http on this machine.
 */

const ATTEMPT_TIMEOUT_MS = 10_000;
/** How long the push service may keep a message for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 4 * 60 * 60;

let cached: { db: Database; keys: VapidKeys } | null = null;

/** The instance's VAPID keys, made on first need and then the same on every instance (the database keeps them). */
export async function resolveVapidKeys(db: Database): Promise<VapidKeys> {
  if (cached?.db === db) return cached.keys;
  const keys = (await findVapidKeys(db)) ?? (await claimVapidKeys(db, webpush.generateVAPIDKeys()));
  cached = { db, keys };
  return keys;
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** gone: the push service no longer knows the subscription (404, 410): remove it. */
export type PushAttemptResult = { delivered: boolean; gone: boolean; status: number | null; detail: string };

export async function sendPushMessage(input: {
  target: PushTarget;
  payload: string;
  keys: VapidKeys;
  subject: string;
  policy: OutboundTargetPolicy;
  timeoutMs?: number;
}): Promise<PushAttemptResult> {
  let url: URL;
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    url = new URL(input.target.endpoint);
    checkOutboundUrlAtSend(url, input.policy);
    details = webpush.generateRequestDetails(
      { endpoint: input.target.endpoint, keys: { p256dh: input.target.p256dh, auth: input.target.auth } },
      input.payload,
      {
        vapidDetails: { subject: input.subject, publicKey: input.keys.publicKey, privateKey: input.keys.privateKey },
        TTL: TIME_TO_LIVE_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    const refused = error instanceof OutboundTargetRefused;
    // A subscription whose keys cannot be used (not a P-256 point) can never be sent to: treat it as gone.
    return { delivered: false, gone: !refused, status: null, detail: `Not sent: ${(error as Error).message}` };
  }
  const body = details.body ?? Buffer.alloc(0);
  const headers: Record<string, string> = { ...(details.headers as Record<string, string>), 'content-length': String(body.length) };
  const timeoutMs = input.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  return new Promise<PushAttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: PushAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: createGuardedLookup(input.policy, url), agent: false },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          finish({ delivered: status >= 200 && status < 300, gone: status === 404 || status === 410, status, detail: `HTTP ${status}` });
        });
        response.on('error', (error) =>
          finish({ delivered: false, gone: false, status: response.statusCode ?? null, detail: error.message }),
        );
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('error', (error) => finish({ delivered: false, gone: false, status: null, detail: error.message }));
    request.end(body);
  });
}
