import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushTimedOut, readPushDeviceState, subscribeThisDevice } from './push-device';

afterEach(() => vi.unstubAllGlobals());

describe('turning push on for this device', () => {
  it('gives up and says so when the browser never answers the permission prompt (the switch would spin for good)', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => new Promise<NotificationPermission>(() => {}) });
    await expect(
      subscribeThisDevice('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', 20),
    ).rejects.toBeInstanceOf(PushTimedOut);
  });

  it('gives up when the push service never answers the subscription', async () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
    const registration = {
      active: {},
      pushManager: { getSubscription: async () => null, subscribe: () => new Promise(() => {}) },
    };
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistration: async () => registration } });
    await expect(
      subscribeThisDevice('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', 20),
    ).rejects.toBeInstanceOf(PushTimedOut);
  });
});

describe('this device on the Notifications card', () => {
  const pushCapable = (serviceWorker: object) => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'default' });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('navigator', { ...navigator, serviceWorker });
  };

  it('says there is no worker when the page registers none (the dev server, a wall), without waiting', async () => {
    pushCapable({ getRegistration: async () => undefined, ready: new Promise(() => {}) });
    expect(await readPushDeviceState()).toBe('no-worker');
  });

  it('says there is no worker when an install never finishes, instead of checking for good', async () => {
    pushCapable({ getRegistration: async () => ({ active: null }), ready: new Promise(() => {}) });
    expect(await readPushDeviceState(20)).toBe('no-worker');
  });

  it('reads the subscription of the worker once it is active', async () => {
    const active = { active: {}, pushManager: { getSubscription: async () => ({ endpoint: 'https://push.example/1' }) } };
    pushCapable({ getRegistration: async () => ({ active: null }), ready: Promise.resolve(active) });
    expect(await readPushDeviceState()).toBe('on');
  });
});
