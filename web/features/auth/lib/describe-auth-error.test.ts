import { describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthRequestError, describeAuthError } from './describe-auth-error';

/* An auth refusal in the reader's words (the sign-up and password screens). */

describe('describeAuthError', () => {
  it('says where to sign in when the page is open at another address of the server', async () => {
    await i18n.loadNamespaces('auth');
    const t = i18n.getFixedT('sv', 'auth');
    const refused = new AuthRequestError({
      status: 403,
      code: 'FORBIDDEN_ORIGIN',
      message: 'Requests that change data must come from https://salj.example.se.',
      origin: 'https://salj.example.se',
    });
    expect(describeAuthError(refused, t)).toBe(
      'Den här sidan är öppnad på en annan adress till Dealboard. Logga in på https://salj.example.se.',
    );
  });
});
