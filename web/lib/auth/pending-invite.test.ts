import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPendingInvite, isAcceptingInvitation, readPendingInvite, storePendingInvite } from './pending-invite';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

afterEach(() => clearPendingInvite());

describe('pending invite', () => {
  it('stores and clears the code, writing only when it changes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    storePendingInvite('abc');
    storePendingInvite('abc');
    expect(readPendingInvite()).toBe('abc');
    expect(setItem).toHaveBeenCalledTimes(1);
    clearPendingInvite();
    expect(readPendingInvite()).toBeNull();
    setItem.mockRestore();
  });

  it('holds sign-in provisioning back only while an invitation is on its way to being accepted', () => {
    // The confirmation and magic links land on the callback with the code, then go to /invite/{code}.
    expect(isAcceptingInvitation(at('/auth/callback?invite_code=abc'))).toBe(true);
    expect(isAcceptingInvitation(at('/auth/callback?invite=abc'))).toBe(true);
    expect(isAcceptingInvitation(at('/auth?invite=abc'))).toBe(true);
    expect(isAcceptingInvitation(at('/join?invite=abc'))).toBe(true);
    expect(isAcceptingInvitation(at('/auth/callback'))).toBe(false);
    // On the invitation page it waits while the code is pending, and goes on once it is cleared.
    expect(isAcceptingInvitation(at('/invite/abc'))).toBe(false);
    storePendingInvite('abc');
    expect(isAcceptingInvitation(at('/invite/abc'))).toBe(true);
    // A code left behind does not hold anyone back elsewhere in the app.
    expect(isAcceptingInvitation(at('/app'))).toBe(false);
    clearPendingInvite();
    expect(isAcceptingInvitation(at('/invite/abc'))).toBe(false);
  });
});
