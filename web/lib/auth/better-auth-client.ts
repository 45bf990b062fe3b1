import { createAuthClient } from 'better-auth/react';
import i18next from 'i18next';
import { UI_LANGUAGE_HEADER } from '../api';

/**
 * better-auth's browser client (loaded through ./auth-client.ts): cookies only (httpOnly, set by the server); no tokens in storage.
 * It would keep the `fetch` it saw at start-up; looking it up per call lets the web tests answer
 * its requests the same way as our API's (a stubbed global fetch).
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  fetchOptions: {
    // The language on the screen travels along, so confirmation and reset mails speak it.
    customFetchImpl: (input, init) => {
      const headers = new Headers(init?.headers);
      if (i18next.language) headers.set(UI_LANGUAGE_HEADER, i18next.language);
      return fetch(input, { ...init, headers });
    },
  },
});

export type AuthClient = typeof authClient;
