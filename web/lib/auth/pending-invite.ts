import { useSyncExternalStore } from 'react';
import { PENDING_INVITE_KEY, readPendingInvite } from './pending-invite-storage';

export { PENDING_INVITE_KEY, readPendingInvite };

const listeners = new Set<() => void>();

function write(code: string | null) {
  try {
    if (code === null) sessionStorage.removeItem(PENDING_INVITE_KEY);
    else sessionStorage.setItem(PENDING_INVITE_KEY, code);
  } catch {
    // storage disabled
  }
  for (const listener of listeners) listener();
}

export function storePendingInvite(code: string): void {
  if (readPendingInvite() !== code) write(code);
}

export function clearPendingInvite(): void {
  if (readPendingInvite() !== null) write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingInvite(): string | null {
  return useSyncExternalStore(subscribe, readPendingInvite, () => null);
}

/**
 * True while a signed-in person is on their way to accept an invitation: sign-in provisioning must
 * wait, or in single-tenant mode it would add them to the company as a user first, leaving the
 * invitation unused (and its role, say admin, not applied the way the admin meant).
 */
export function isAcceptingInvitation(location: Pick<Location, 'pathname' | 'search'> = window.location): boolean {
  const params = new URLSearchParams(location.search);
  const hasInviteParam = params.has('invite') || params.has('invite_code');
  // The confirmation or magic link lands here and goes on to /invite/{code}.
  if (hasInviteParam && (location.pathname.startsWith('/auth') || location.pathname === '/join')) return true;
  // The invitation page stores the code while it is open for a signed-in person.
  return location.pathname.startsWith('/invite/') && readPendingInvite() !== null;
}
