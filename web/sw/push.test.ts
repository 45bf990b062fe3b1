import { describe, expect, it } from 'vitest';
import { installPushHandlers } from './push';

/*
 * The worker's push and tap handlers against a stand-in of the browser's worker scope: what is
 * shown for a message, and where a tap leads. The push journey (e2e/push.e2e.ts) shows a real
 * message in Chromium; a tap on a system notification cannot be made from a test there (a script's
 * own notificationclick may not wait, and headless Chromium has no notification to click).
 */

type Window = { url: string; focused: boolean; navigatedTo: string | null };

function startWorker(windows: Window[] = []) {
  const scope = new EventTarget();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const clients = windows.map((window) => ({
    get url() {
      return window.navigatedTo ?? window.url;
    },
    focus: async () => {
      window.focused = true;
    },
    navigate: async (url: string) => {
      window.navigatedTo = url;
    },
  }));
  Object.assign(scope, {
    location: new URL('https://dealboard.example/sw.js'),
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
    clients: { matchAll: async () => clients, openWindow: async (url: string) => void opened.push(url) },
  });
  installPushHandlers(scope as unknown as ServiceWorkerGlobalScope);

  /** Fires an event the way the browser does, and waits for what the handler asked to be waited for. */
  async function fire(type: string, fields: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), fields, { waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    scope.dispatchEvent(event);
    await Promise.all(waits);
  }
  const push = (message: unknown) =>
    fire('push', {
      data: {
        json: () => {
          if (typeof message === 'string') throw new SyntaxError('not JSON');
          return message;
        },
      },
    });
  const tap = async (url: string) => {
    let closed = false;
    await fire('notificationclick', { notification: { data: { url }, close: () => (closed = true) } });
    return closed;
  };
  return { shown, opened, push, tap };
}

describe('a push message on the device', () => {
  it('is shown with its title, text and tag, and keeps where a tap leads', async () => {
    const worker = startWorker();
    await worker.push({ kind: 'wrapup_comment', title: 'Ada commented', body: 'Nice calls', url: '/app/wrapup', tag: 'wrapup-comment' });
    expect(worker.shown).toEqual([
      {
        title: 'Ada commented',
        options: expect.objectContaining({
          body: 'Nice calls',
          tag: 'wrapup-comment',
          icon: '/icons/icon-192.png',
          data: { url: '/app/wrapup' },
        }),
      },
    ]);
  });

  it('never leads off the site, and a message it cannot read still shows (browsers require one)', async () => {
    const worker = startWorker();
    await worker.push({ title: 'Phish', body: 'Click', url: 'https://evil.example/login', tag: 't' });
    await worker.push({ title: 'Phish', body: 'Click', url: '//evil.example/login', tag: 't' });
    await worker.push('garbage');
    expect(worker.shown.map((shown) => [shown.title, (shown.options.data as { url: string }).url])).toEqual([
      ['Phish', '/app'],
      ['Phish', '/app'],
      ['Dealboard', '/app'],
    ]);
  });
});

describe('a tap on the notification', () => {
  it('brings the open app window forward on the notification’s page, and closes the notification', async () => {
    const window: Window = { url: 'https://dealboard.example/app/weekly', focused: false, navigatedTo: null };
    const worker = startWorker([window]);
    expect(await worker.tap('/app/contests/c1')).toBe(true);
    expect(window).toEqual({
      url: 'https://dealboard.example/app/weekly',
      focused: true,
      navigatedTo: 'https://dealboard.example/app/contests/c1',
    });
    expect(worker.opened).toEqual([]);
  });

  it('only brings the window forward when it is on that page already', async () => {
    const window: Window = { url: 'https://dealboard.example/app/wrapup', focused: false, navigatedTo: null };
    const worker = startWorker([window]);
    await worker.tap('/app/wrapup');
    expect(window).toMatchObject({ focused: true, navigatedTo: null });
  });

  it('opens the app on the page when no window is open', async () => {
    const worker = startWorker();
    await worker.tap('/app/badges');
    expect(worker.opened).toEqual(['https://dealboard.example/app/badges']);
  });
});
