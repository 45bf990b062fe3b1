import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { handOverTypedEmail, readTypedEmail } from '@web/lib/auth/typed-email';
import { queryKeys } from '@web/lib/query-keys';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as RegisterPage } from './register-page';
import { Component as ForgotPasswordPage } from './forgot-password-page';
import { Component as ResetPasswordPage } from './reset-password-page';
import { Component as AwaitingAssignmentPage } from './awaiting-assignment-page';

const routes: RouteObject[] = [
  { path: '/auth/register', Component: RegisterPage },
  // The sign-in page is pre-rendered (the app hands over to it with a full page load).
  { path: '/auth', element: <h1>The sign-in page</h1> },
  { path: '/auth/forgot-password', Component: ForgotPasswordPage },
  { path: '/auth/reset-password', Component: ResetPasswordPage },
];

/** The auth screens for a signed-out visitor, with the app's providers and toasts. */
function renderAt(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AuthProvider>,
    { seed: (client) => client.setQueryData(queryKeys.me, null) },
  );
  return { ...view, router };
}

const authError = (status: number, code: string | undefined, message: string) => reply(status, code ? { code, message } : { message });

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('join and the sign-up policy', () => {
  it('open: the access code is optional', async () => {
    stubFetch();
    renderAt('/auth/register');
    await screen.findByRole('heading', { name: 'Join Dealboard' });
    const code = await screen.findByLabelText('Access Code (optional)');
    expect(code).not.toBeRequired();
  });

  it('access code required: the field is required and explained; the server refusal is in the reader language', async () => {
    await i18n.changeLanguage('nb');
    const calls = stubFetch({
      'GET /api/v1/signup-policy': reply(200, { policy: 'access_code' }),
      'POST /api/v1/access-code/check': reply(200, { valid: true }),
      'POST /api/auth/sign-up/email': authError(
        403,
        'ACCESS_CODE_REQUIRED',
        'An access code is required to create an account. Ask your admin for it.',
      ),
    });
    const user = userEvent.setup();
    renderAt('/auth/register');
    const code = await screen.findByRole('textbox', { name: 'Tilgangskode' });
    await waitFor(() => expect(code).toBeRequired());
    expect(code).toHaveAccessibleDescription('Be administratoren om koden.');
    expect(screen.queryByText('(valgfritt)')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Fullt navn'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-post'), 'kari@firma.no');
    await user.type(screen.getByLabelText('Passord'), 'trygt-bord-lys-17');
    await user.type(code, 'fjord-2026');
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await findAlert('Du trenger en tilgangskode for å opprette en konto. Be administratoren om den.')).toBeInTheDocument();
    const signUp = calls.find((c) => c.path === '/api/auth/sign-up/email')!;
    expect(signUp.headers.get('x-access-code')).toBe('fjord-2026');
  });

  it("says 'Invalid access code'", async () => {
    const calls = stubFetch({ 'POST /api/v1/access-code/check': reply(200, { valid: false }) });
    const user = userEvent.setup();
    renderAt('/auth/register');
    await user.type(await screen.findByLabelText('Full Name'), 'Ola Uten Kode');
    await user.type(screen.getByLabelText('Email'), 'ola@firma.no');
    await user.type(screen.getByLabelText('Password'), 'sales-rocks-42');
    await user.type(screen.getByLabelText(/Access Code/), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await findAlert('Invalid access code')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/sign-up/email')).toBe(false);
  });

  it('invitation only: join explains that it takes an invitation, and links to sign-in', async () => {
    stubFetch({ 'GET /api/v1/signup-policy': reply(200, { policy: 'invite_only' }) });
    renderAt('/auth/register');
    // Until the policy is known, no field is offered that might then vanish.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    const notice = await screen.findByRole('region', { name: 'Joining takes an invitation' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(notice).toHaveTextContent('Ask an admin of your company to send you an invitation link');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();

    // The sign-in page is pre-rendered: a plain link, a full page load.
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('invitation only: a person with an invitation joins with it', async () => {
    const calls = stubFetch({ 'GET /api/v1/signup-policy': reply(200, { policy: 'invite_only' }) });
    const user = userEvent.setup();
    renderAt('/auth/register?invite=inv-123');
    await user.type(await screen.findByLabelText('Full Name'), 'Ina Invitert');
    expect(screen.queryByRole('region', { name: 'Joining takes an invitation' })).not.toBeInTheDocument();
    // The invitation is the way in: no access code is asked for.
    expect(screen.queryByLabelText(/Access Code/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ina@firma.no');
    await user.type(screen.getByLabelText('Password'), 'sales-rocks-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    const signUp = calls.find((c) => c.path === '/api/auth/sign-up/email')!;
    expect(signUp.headers.get('x-invite-code')).toBe('inv-123');
    expect(signUp.body).toMatchObject({ email: 'ina@firma.no', callbackURL: '/auth/callback?invite_code=inv-123' });
  });
});

describe("passwords: common ones refused, the refusal in the form's words", () => {
  it('shows the strength while typing and refuses a weak password on join without asking the server', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    renderAt('/auth/register');
    await user.type(await screen.findByLabelText('Full Name'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('Email'), 'kari.nordmann@firma.no');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 10 characters. A few unrelated words are easy to remember and hard to guess.');

    await user.type(password, 'password123');
    // The estimator arrives with the first key (loaded on demand), then the hint speaks.
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Strength: too weak\. This password is too common/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // On the field (announced, and the field has the focus), not repeated in a box or a toast.
    expect(
      await findAlert(
        'This password is too common: avoid known passwords and everyday words, also Norwegian ones such as “passord” or “sommer”.',
      ),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(
      'This password is too common: avoid known passwords and everyday words, also Norwegian ones such as “passord” or “sommer”.',
    );
    expect(screen.getAllByText(/This password is too common/)).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'kari.nordmann2024');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/too easy to guess from your name, e-mail address or company/));

    await user.clear(password);
    await user.type(password, 'trygt-bord-lys-17');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Strength: very strong\.$/));
    expect(calls.some((c) => c.path === '/api/auth/sign-up/email')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/sign-up/email')!.body).toMatchObject({ password: 'trygt-bord-lys-17' });
  });

  it('says it in Norwegian, and words the server’s refusal codes too', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({
      'POST /api/auth/sign-up/email': authError(
        400,
        'PASSWORD_PERSONAL',
        'This password is too easy to guess from your name, e-mail address or company. Choose another.',
      ),
    });
    const user = userEvent.setup();
    renderAt('/auth/register');
    await user.type(await screen.findByLabelText('Fullt navn'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-post'), 'kari@firma.no');
    const password = screen.getByLabelText('Passord');
    await user.type(password, 'sommer2024');
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(
      await findAlert('Dette passordet er for vanlig: unngå kjente passord og vanlige ord, som «passord» eller «sommer».'),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    // The server knows more (the company of an invitation): its refusal is worded here too.
    await user.clear(password);
    await user.type(password, 'sales-rocks-42');
    expect(password).toHaveAccessibleDescription(/^Styrke: svært sterkt\.$/);
    await user.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await findAlert('Dette passordet er for lett å gjette ut fra navnet ditt, e-postadressen eller selskapet.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(
      'Dette passordet er for lett å gjette ut fra navnet ditt, e-postadressen eller selskapet.',
    );
  });

  it('reset: refuses a weak new password before sending it, and puts the server’s refusal on the field', async () => {
    const calls = stubFetch({ 'POST /api/auth/reset-password': authError(400, 'PASSWORD_PERSONAL', 'Too easy to guess from your name.') });
    const user = userEvent.setup();
    renderAt('/auth/reset-password?token=tok-4');
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'qwertyuiop');
    await user.type(screen.getByLabelText('Confirm new password'), 'qwertyuiop');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^This password is too common/));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/auth/reset-password')).toBe(false);

    await user.clear(password);
    await user.type(password, 'ola-hansen-fjord-9');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'ola-hansen-fjord-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('This password is too easy to guess from your name, e-mail address or company.'),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // On the field, not repeated in a box above the form.
    expect(screen.queryByText('Too easy to guess from your name.')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/reset-password')).toHaveLength(1);
  });
});

describe('forgot password', () => {
  it('starts with the address typed on the sign-in page, taken out of storage once read', async () => {
    stubFetch();
    handOverTypedEmail('kari@firma.no');
    renderAt('/auth/forgot-password');
    expect(await screen.findByLabelText('Email')).toHaveValue('kari@firma.no');
    expect(readTypedEmail()).toBe('');
  });

  it('asks for the reset mail for our page and answers with the same neutral confirmation', async () => {
    const calls = stubFetch({
      'POST /api/auth/request-password-reset': reply(200, {
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      }),
    });
    const user = userEvent.setup();
    renderAt('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), '  ukjent@firma.no ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If there is an account for ukjent@firma.no, we've sent it a link/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/request-password-reset')!.body).toEqual({
      email: 'ukjent@firma.no',
      redirectTo: '/auth/reset-password',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');

    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('says what is wrong with the address before asking, and a rate limit after', async () => {
    const calls = stubFetch({
      'POST /api/auth/request-password-reset': authError(429, undefined, 'Too many requests. Please try again later.'),
    });
    const user = userEvent.setup();
    renderAt('/auth/forgot-password');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(calls.some((c) => c.path === '/api/auth/request-password-reset')).toBe(false);

    await user.clear(email);
    await user.type(email, 'kari@firma.no');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await findAlert('Too many attempts. Wait a minute and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it.each(['/auth/reset-password', '/auth/reset-password?error=INVALID_TOKEN'])(
    '%s: says the link has expired and offers a new one',
    async (entry) => {
      stubFetch();
      renderAt(entry);
      expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    },
  );

  it('checks the length and the confirmation before sending anything', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    renderAt('/auth/reset-password?token=tok-1');
    const password = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(password).toHaveAccessibleDescription('At least 10 characters. A few unrelated words are easy to remember and hard to guess.');

    await user.type(password, '123456789');
    await user.type(confirm, '123456789');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'lyng-kaffe-trapp-81');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    expect(calls.some((c) => c.path === '/api/auth/reset-password')).toBe(false);
  });

  it('sets the new password, then lands on sign-in, which says so', async () => {
    const calls = stubFetch({ 'POST /api/auth/reset-password': reply(200, { status: true }) });
    const user = userEvent.setup();
    const { router } = renderAt('/auth/reset-password?token=tok-2');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'The sign-in page' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/auth?password_changed=1');
    expect(calls.find((c) => c.path === '/api/auth/reset-password')!.body).toEqual({ token: 'tok-2', newPassword: 'brand-new-secret' });
  });

  it('a link used or expired meanwhile: the expired screen, in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'POST /api/auth/reset-password': authError(400, 'INVALID_TOKEN', 'Invalid token') });
    const user = userEvent.setup();
    renderAt('/auth/reset-password?token=tok-3');
    expect(await screen.findByRole('heading', { name: 'Velg et nytt passord' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nytt passord'), 'brand-new-secret');
    await user.type(screen.getByLabelText('Bekreft nytt passord'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(await screen.findByRole('heading', { name: 'Lenken er utløpt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Be om en ny lenke' })).toBeInTheDocument();
  });
});

/** The form's alert (not the toast) with exactly this text. */
async function findAlert(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen.getAllByRole('alert').find((element) => element.textContent === text);
    if (!alert) throw new Error(`no alert reads "${text}"`);
    return alert;
  });
}

describe('the waiting page (/awaiting-assignment)', () => {
  /** Signed in, without a company: new (never a member) or removed by an admin. */
  function renderWaiting(removed: boolean) {
    const me = makeTestMe();
    const waiting = { ...me, profile: null, company: null, onboarding: { ...me.onboarding, hasCompany: false, removed } };
    stubFetch({ 'GET /api/v1/me': reply(200, waiting) });
    const router = createMemoryRouter([{ path: '/awaiting-assignment', Component: AwaitingAssignmentPage }], {
      initialEntries: ['/awaiting-assignment'],
    });
    renderWithProviders(
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>,
      { me: waiting },
    );
  }

  it('tells a removed member only that they are no longer a member, not that their account was just created', async () => {
    renderWaiting(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are no longer a member of your company' })).toBeInTheDocument();
    expect(screen.getByText('An administrator can invite you again.')).toBeInTheDocument();
    expect(screen.queryByText(/created successfully/)).not.toBeInTheDocument();
  });

  it('welcomes a new account, in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    renderWaiting(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontoen din er opprettet' })).toBeInTheDocument();
    expect(screen.queryByText(/ikke lenger medlem/)).not.toBeInTheDocument();
  });
});
