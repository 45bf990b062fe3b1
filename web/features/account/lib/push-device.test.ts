import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushTimedOut, subscribeThisDevice } from './push-device';

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
