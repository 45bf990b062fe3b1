/*
 * This browser's side of push notifications (decision 055): whether it can receive them, whether
 * the person allowed them, and its subscription, made through the app's service worker with the
 * instance's VAPID public key.
 */

import { whenWorkerRegistered } from '@web/lib/service-worker';

export type PushDeviceState = 'unsupported' | 'no-worker' | 'denied' | 'off' | 'on';

export class PushPermissionRefused extends Error {}

/** The browser never answered (a permission prompt left open, a push service out of reach). */
export class PushTimedOut extends Error {}

/** How long the browser gets to answer the permission prompt and to subscribe before the card gives up and says so. */
export const PUSH_ANSWER_MS = 30_000;

function withinTime<T>(promise: Promise<T>, ms = PUSH_ANSWER_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushTimedOut('The browser did not answer')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * The app's service worker, if one is registered (a built app; the dev server has none). On a
 * first visit the page registers it a moment after the start (decision 091): waited for.
 */
async function findRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = (await navigator.serviceWorker.getRegistration('/')) ?? (await whenWorkerRegistered());
  if (!registration) return null;
  // Registered but still installing: wait until it is active (pushManager needs an active worker).
  return registration.active ? registration : navigator.serviceWorker.ready;
}

/** This browser's push state; a worker that is not active within `waitMs` (an install that never finishes) is none. */
export async function readPushDeviceState(waitMs = PUSH_ANSWER_MS): Promise<PushDeviceState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await withinTime(findRegistration(), waitMs).catch((error: unknown) => {
    if (error instanceof PushTimedOut) return null;
    throw error;
  });
  if (!registration) return 'no-worker';
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/** URL-safe base64 to the bytes the browser wants as applicationServerKey. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function subscribeThisDevice(
  publicKey: string,
  answerMs = PUSH_ANSWER_MS,
): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  // A browser may never settle these (no push service reachable, a prompt nobody answers): the
  // switch would spin for good. After answerMs the card says push could not be turned on.
  const permission = await withinTime(Notification.requestPermission(), answerMs);
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  const registration = await withinTime(findRegistration(), answerMs);
  if (!registration) throw new Error('The app’s service worker is not running');
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await withinTime(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: decodeBase64Url(publicKey) }),
      answerMs,
    ));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

export async function unsubscribeThisDevice(options: {
  beforeUnsubscribe: (endpoint: string) => Promise<unknown>;
}): Promise<string | null> {
  const registration = await findRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await options.beforeUnsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
  return subscription.endpoint;
}
