/*
 * Push notifications (decision 055): the server sends a small JSON message, encrypted for this
 * browser ({ kind, title, body, url, tag }, PushMessage in core/contracts/push.ts, written in the
 * member's language); the worker shows it, and a tap focuses an open app window on its page, or
 * opens one. Only paths inside the app are followed: a message never sends anyone off the site.
 */

type ShownPush = { title: string; body: string; url: string; tag: string };

const FALLBACK: ShownPush = { title: 'Dealboard', body: '', url: '/app', tag: 'dealboard' };

/** The message's fields, each checked; anything missing falls back so a notification is always shown (browsers require it). */
export function readPushMessage(data: PushMessageData | null): ShownPush {
  let parsed: unknown = null;
  try {
    parsed = data?.json();
  } catch {
    parsed = null;
  }
  const value = (parsed ?? {}) as Record<string, unknown>;
  const text = (key: keyof ShownPush) => (typeof value[key] === 'string' && value[key] !== '' ? (value[key] as string) : FALLBACK[key]);
  const url = text('url');
  return { title: text('title'), body: text('body'), tag: text('tag'), url: url.startsWith('/') && !url.startsWith('//') ? url : '/app' };
}

export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const message = readPushMessage(event.data);
    event.waitUntil(
      sw.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        data: { url: message.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = (event.notification.data as { url?: string } | null)?.url ?? '/app';
    const target = new URL(path, sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          if (open.url !== target) await open.navigate(target).catch(() => null);
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}
