import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client: cookies only (httpOnly, set by the server); no tokens in storage. */
export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });
