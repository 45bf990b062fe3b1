/*
 * The invitation code kept while a person signs in or creates an account (the pending invite).
 * Shared by the auth screens (which send it with the sign-up), the invitation page (which stores
 * it and clears it once the invitation is accepted or given up) and the pre-rendered sign-in page,
 * whose island must not bring React: hence this module of its own (the hooks are in pending-invite.ts).
 */
export const PENDING_INVITE_KEY = 'dealboard.pendingInvite';

export function readPendingInvite(): string | null {
  try {
    return sessionStorage.getItem(PENDING_INVITE_KEY);
  } catch {
    return null; // storage disabled: the code still travels in the URL
  }
}
