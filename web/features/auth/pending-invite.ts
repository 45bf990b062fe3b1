/** The pending invite lives in web/lib (the invitation page stores it too). */
export { PENDING_INVITE_KEY } from '@web/lib/auth/pending-invite';
