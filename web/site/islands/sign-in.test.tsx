import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from '@web/features/auth/components/sign-in-page';
import { PENDING_INVITE_KEY } from '@web/lib/auth/pending-invite-storage';
import { readTypedEmail } from '@web/lib/auth/typed-email';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { createSiteI18n, type SiteLanguage } from '../i18n';
import { enhanceSignIn } from './sign-in';

/*
 * The pre-rendered sign-in page (decision 029) as a visitor meets it: the build's markup in the
 * page's language, brought to life by its island, against better-auth's answers. (The browser
 * journeys sign in against the real server: e2e/foundation.e2e.ts.)
 */

/**
 * Renders /auth as the build does, then runs the island; `assign` records where it goes. `posted`:
 * the page as the server sends it back after refusing a form sent before the island loaded
 * (server/public-site.ts `withSignInRefusal`: the address in its field, the refusal as data).
 */
function openSignIn(search = '', language: SiteLanguage = 'en', posted?: { email: string; status: number; body: unknown }) {
  document.documentElement.lang = language;
  document.body.innerHTML = renderToStaticMarkup(
    <I18nextProvider i18n={createSiteI18n(language)}>
      <SignInPage />
    </I18nextProvider>,
  );
  if (posted) {
    document.querySelector<HTMLInputElement>('#email')!.setAttribute('value', posted.email);
    const data = document.createElement('script');
    data.type = 'application/json';
    data.dataset.signInRefusal = '';
    data.textContent = JSON.stringify({ status: posted.status, body: posted.body });
    document.body.append(data);
  }
  window.history.replaceState(null, '', `/auth${search}`);
  const assign = vi.fn();
  const location = {
    ...window.location,
    search: window.location.search,
    pathname: '/auth',
    hash: '',
    origin: window.location.origin,
    assign,
  };
  enhanceSignIn(document, location as unknown as Location);
  return { assign, user: userEvent.setup() };
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  password: string,
  labels = ['Email', 'Password', 'Sign In'],
) {
  await user.type(screen.getByLabelText(labels[0]!), email);
  await user.type(screen.getByLabelText(labels[1]!), password);
  await user.click(screen.getByRole('button', { name: labels[2] }));
}

const authError = (status: number, body: Record<string, unknown>) => reply(status, body);

/** The shown (not hidden) element with this text. */
async function findShown(text: string) {
  const element = await screen.findByText(text);
  expect(element.closest('[hidden]')).toBeNull();
  return element;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('signing in', () => {
  it('goes to the dashboard, sending only the address and the password to better-auth', async () => {
    const calls = stubFetch({ 'POST /api/auth/sign-in/email': reply(200, { redirect: false, token: 't', user: { id: 'u1' } }) });
    const { assign, user } = openSignIn();
    await fillAndSubmit(user, ' kari@firma.no ', 'secret-123');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app'));
    const signIn = calls.find((c) => c.path === '/api/auth/sign-in/email')!;
    expect(signIn.body).toEqual({ email: 'kari@firma.no', password: 'secret-123' });
  });

  it.each([
    ['the page a guard sent the person from', '?next=%2Fapp%2Fweekly%3Ftab%3D2', '/app/weekly?tab=2'],
    ['the TV', '?next=%2Ftv', '/tv'],
    ['never a page off the app (the dashboard instead)', '?next=%2F%2Fevil.example%2Fapp', '/app'],
    ['never the public site', '?next=https%3A%2F%2Fevil.example%2F', '/app'],
    ['the invitation, before the page', '?invite=inv-9&next=%2Fapp%2Fweekly', '/invite/inv-9'],
  ])('goes on to %s', async (_label, search, expected) => {
    stubFetch({ 'POST /api/auth/sign-in/email': reply(200, {}) });
    const { assign, user } = openSignIn(search);
    await fillAndSubmit(user, 'kari@firma.no', 'secret-123');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expected));
  });

  it('goes on to the invitation kept while signing in (the pending invite)', async () => {
    sessionStorage.setItem(PENDING_INVITE_KEY, 'inv-42');
    stubFetch({ 'POST /api/auth/sign-in/email': reply(200, {}) });
    const { assign, user } = openSignIn();
    await fillAndSubmit(user, 'kari@firma.no', 'secret-123');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/invite/inv-42'));
  });

  it('shows Signing in... and blocks a second click while the request runs', async () => {
    let release: () => void = () => undefined;
    const calls = stubFetch({
      'POST /api/auth/sign-in/email': () =>
        new Promise((resolve) => {
          release = () => resolve(authError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }));
        }),
    });
    const { user } = openSignIn();
    await fillAndSubmit(user, 'kari@firma.no', 'secret123');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    release();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(calls.filter((c) => c.path === '/api/auth/sign-in/email')).toHaveLength(1);
    // Nothing typed is lost.
    expect(screen.getByLabelText('Email')).toHaveValue('kari@firma.no');
    expect(screen.getByLabelText('Password')).toHaveValue('secret123');
  });
});

describe('refusals, in the page language', () => {
  it("says better-auth's refusals in Norwegian, and keeps the provider's words for a code it does not know", async () => {
    const answers = [
      authError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
      authError(429, { message: 'Too many requests. Please try again later.' }),
      authError(400, { code: 'SOMETHING_NEW', message: 'Something new went wrong' }),
    ];
    stubFetch({ 'POST /api/auth/sign-in/email': () => answers.shift()! });
    const { user } = openSignIn('', 'nb');
    await fillAndSubmit(user, 'kari@firma.no', 'feil-passord', ['E-post', 'Passord', 'Logg inn']);
    expect(await findShown('Feil e-post eller passord')).toHaveAttribute('data-error-text');
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    await findShown('For mange forsøk. Vent et minutt og prøv igjen.');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    await findShown('Something new went wrong');
  });

  it('says where to sign in when the page is open at another address of the server', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': authError(403, {
        code: 'FORBIDDEN_ORIGIN',
        message: 'Requests that change data must come from https://salg.example.no.',
        origin: 'https://salg.example.no',
      }),
    });
    const { user } = openSignIn('', 'nb');
    await fillAndSubmit(user, 'kari@firma.no', 'secret-123', ['E-post', 'Passord', 'Logg inn']);
    await findShown('Denne siden er åpnet på en annen adresse til Dealboard. Logg inn på https://salg.example.no.');
  });

  it.each([
    ['en', 300, 'Too many failed attempts for this account. Try again in 5 minutes.'],
    ['en', 40, 'Too many failed attempts for this account. Try again in 40 seconds.'],
    ['en', 1, 'Too many failed attempts for this account. Try again in 1 second.'],
    ['nb', 60, 'For mange mislykkede forsøk for denne kontoen. Prøv igjen om 1 minutt.'],
    ['nb', 900, 'For mange mislykkede forsøk for denne kontoen. Prøv igjen om 15 minutter.'],
  ] as const)('a locked account (%s, %i s): says when to try again', async (language, retryAfterSeconds, text) => {
    stubFetch({
      'POST /api/auth/sign-in/email': authError(429, { code: 'ACCOUNT_LOCKED', message: 'Too many failed attempts.', retryAfterSeconds }),
    });
    const { user } = openSignIn('', language);
    await fillAndSubmit(user, 'kari@firma.no', 'whatever-it-is', language === 'nb' ? ['E-post', 'Passord', 'Logg inn'] : undefined);
    await findShown(text);
  });

  it('says the refusal the server had for a form sent before the island loaded, the address still typed', async () => {
    stubFetch();
    openSignIn('?next=%2Fapp%2Fweekly', 'nb', {
      email: 'kari@firma.no',
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    await findShown('Feil e-post eller passord');
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@firma.no');
    document.body.innerHTML = '';
    openSignIn('', 'en', { email: 'kari@firma.no', status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } });
    const notice = (await screen.findAllByRole('alert')).find(
      (alert) => !alert.hidden && /not confirmed yet/.test(alert.textContent ?? ''),
    )!;
    expect(notice).toHaveTextContent('open the link in the mail we sent to kari@firma.no');
  });

  it('says the network failed without losing what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user } = openSignIn();
    await fillAndSubmit(user, 'kari@firma.no', 'secret123');
    await findShown('An unexpected error occurred');
    expect(screen.getByLabelText('Password')).toHaveValue('secret123');
  });

  it('says the address is not confirmed yet and sends the confirmation mail again', async () => {
    const calls = stubFetch({
      'POST /api/auth/sign-in/email': authError(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }),
      'GET /api/v1/public-config': reply(200, { devMailbox: true }),
    });
    const { user } = openSignIn('?invite=inv-7');
    await fillAndSubmit(user, 'kari@firma.no', 'secret123');

    const notice = (await screen.findAllByRole('alert')).find(
      (alert) => !alert.hidden && within(alert).queryByRole('button', { name: 'Send the confirmation mail again' }),
    )!;
    expect(notice).toHaveTextContent('Your e-mail address is not confirmed yet.');
    expect(notice).toHaveTextContent('open the link in the mail we sent to kari@firma.no');
    await user.click(within(notice).getByRole('button', { name: 'Send the confirmation mail again' }));

    await findShown('A new confirmation link is on its way to kari@firma.no. Open the newest mail.');
    expect(notice).not.toBeVisible();
    await findShown('Open the dev mailbox');
    const sent = calls.filter((c) => c.path === '/api/auth/send-verification-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ email: 'kari@firma.no', callbackURL: '/auth/callback?invite_code=inv-7' });
  });
});

describe('what the address says', () => {
  it('says goodbye after signing out, once: the flag leaves the address', () => {
    stubFetch();
    openSignIn('?signed_out=1&next=%2Fapp');
    expect(screen.getByText('You have been signed out successfully').closest('[hidden]')).toBeNull();
    expect(screen.getByText('Password changed').closest('[hidden]')).not.toBeNull();
    expect(window.location.search).toBe('?next=%2Fapp');
  });

  it('says a new password is set, in Norwegian too', () => {
    stubFetch();
    openSignIn('?password_changed=1', 'nb');
    expect(screen.getByText('Passordet er endret').closest('[hidden]')).toBeNull();
    expect(screen.getByText('Logg inn med det nye passordet.').closest('[hidden]')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('says the address is confirmed already when a confirmation link is opened again, keeping the invitation', () => {
    stubFetch();
    openSignIn('?already_confirmed=1&invite=abc123');
    expect(screen.getByText('Your e-mail address is already confirmed').closest('[hidden]')).toBeNull();
    expect(screen.getByText('The link was used before. Sign in with your e-mail and password.').closest('[hidden]')).toBeNull();
    expect(window.location.search).toBe('?invite=abc123');
    openSignIn('?already_confirmed=1', 'nb');
    expect(screen.getByText('E-postadressen din er allerede bekreftet').closest('[hidden]')).toBeNull();
  });

  it('shows the error an auth callback handed over', async () => {
    stubFetch();
    openSignIn('?error=callback_error');
    await findShown('Authentication failed. Please try again.');
    openSignIn('?error=INVALID_TOKEN&error_description=The%20link%20has%20expired');
    await findShown('The link has expired');
  });

  it('hands the typed address to Forgot password?, and keeps the invitation and plan on Join now', async () => {
    stubFetch();
    const { user } = openSignIn('?invite=inv-3&plan=pro');
    expect(screen.getByRole('link', { name: "Don't have an account? Join now" })).toHaveAttribute(
      'href',
      '/auth/register?invite=inv-3&plan=pro',
    );
    await user.type(screen.getByLabelText('Email'), 'kari@firma.no ');
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot).toHaveAttribute('href', '/auth/forgot-password');
    forgot.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
    await user.click(forgot);
    expect(readTypedEmail()).toBe('kari@firma.no');
  });
});
