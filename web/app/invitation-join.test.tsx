import type { InvitationPreview, Me } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as CallbackPage } from '@web/features/auth/routes/callback-page';
import { Component as RegisterPage } from '@web/features/auth/routes/register-page';
import { Component as InvitePage } from '@web/features/invitations/routes/invite-page';
import { Component as JoinPage } from '@web/features/invitations/routes/join-page';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';

/*
 * A new person opens an invitation: the join form names the company, and once the e-mail is
 * confirmed the invitation is accepted without another click.
 */
const preview: InvitationPreview = { valid: true, companyName: 'Fjordsalg AS', role: 'user' };

const routes: RouteObject[] = [
  { path: '/invite/:code', Component: InvitePage },
  { path: '/auth/register', Component: RegisterPage },
  { path: '/join', Component: JoinPage },
  { path: '/auth/callback', Component: CallbackPage },
  { path: '/auth', element: <h1>The sign-in page</h1> },
  { path: '/app/dashboard', element: <h1>The dashboard</h1> },
];

function renderAt(entry: string, me: Me | null) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AuthProvider>,
    { seed: (client) => client.setQueryData(queryKeys.me, me) },
  );
  return router;
}

beforeEach(() => {
  void i18n.changeLanguage('en');
  sessionStorage.clear();
});
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('joining from an invitation', () => {
  it("opens the join form from the invitation, naming the company, and keeps 'sign in' for those with an account", async () => {
    stubFetch({ 'GET /api/v1/invitations/preview/inv-abc': reply(200, preview) });
    const router = renderAt('/invite/inv-abc', null);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'I already have an account: sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create account' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/auth/register?invite=inv-abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Fjordsalg AS' })).toBeInTheDocument();
    expect(screen.getByText('Create your account to accept the invitation.')).toBeInTheDocument();
  });

  it('accepts the invitation without another click once the e-mail is confirmed', async () => {
    const waiting = makeTestMe();
    const newcomer: Me = { ...waiting, profile: null, company: null, onboarding: { ...waiting.onboarding, hasCompany: false } };
    const calls = stubFetch({
      'GET /api/v1/me': reply(200, newcomer),
      'GET /api/v1/invitations/preview/inv-abc': reply(200, preview),
      'POST /api/v1/invitations/accept': reply(200, {
        success: true,
        message: 'You are now part of Fjordsalg AS',
        companyId: 'company-1',
        companyName: 'Fjordsalg AS',
        role: 'user',
        alreadyMember: false,
      }),
    });
    // Where the confirmation link lands, signed in by then.
    renderAt('/auth/callback?invite_code=inv-abc', newcomer);
    expect(await screen.findByRole('heading', { name: 'The dashboard' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/invitations/accept').map((c) => c.body)).toEqual([
      { code: 'inv-abc' },
    ]);
  });

  it('asks a member of a company before they join another one from a link', async () => {
    const calls = stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'GET /api/v1/invitations/preview/inv-abc': reply(200, preview),
    });
    renderAt('/auth/callback?invite_code=inv-abc', makeTestMe());
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/invitations/accept')).toBe(false);
  });
  it('fills in the address an invitation was mailed to on the e-mail link form', async () => {
    stubFetch({ 'GET /api/v1/invitations/preview/inv-abc': reply(200, { ...preview, email: 'kari@fjordsalg.no' }) });
    renderAt('/join?invite=inv-abc', null);
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('kari@fjordsalg.no');
  });

  it('fills in the address on the account form too', async () => {
    stubFetch({ 'GET /api/v1/invitations/preview/inv-abc': reply(200, { ...preview, email: 'kari@fjordsalg.no' }) });
    renderAt('/auth/register?invite=inv-abc', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Fjordsalg AS' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /e-?mail/i })).toHaveValue('kari@fjordsalg.no');
  });

  it("the e-mail link's join form gives examples in the reader's language", async () => {
    stubFetch({ 'GET /api/v1/invitations/preview/inv-abc': reply(200, preview) });
    renderAt('/join?invite=inv-abc', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Fjordsalg AS by e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('placeholder', 'Jane Smith');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('placeholder', 'name@company.com');

    await i18n.changeLanguage('nb');
    expect(await screen.findByRole('textbox', { name: 'E-post' })).toHaveAttribute('placeholder', 'navn@firma.no');
    expect(screen.getByRole('textbox', { name: /Fullt navn/ })).toHaveAttribute('placeholder', 'Kari Nordmann');
  });
});
