/** The invitation code kept while a person signs in or creates an account (spec: pending invite). */
export const PENDING_INVITE_KEY = 'dealboard.pendingInvite';
