import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's browser client: cookies only (httpOnly, set by the server); no tokens in storage.
 * It would keep the `fetch` it saw at start-up; looking it up per call lets the web tests answer
 * its requests the same way as our API's (a stubbed global fetch).
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});
