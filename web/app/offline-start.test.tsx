import type { Me } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLogRules } from '@web/features/activity/lib/use-log-rules';
import { toast, Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider, useAuth } from '@web/lib/auth/auth-provider';
import { queryKeys } from '@web/lib/query-keys';
import { makeTestKpiRules } from '@web/test/fixtures';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { SignInStandIn } from '@web/test/sign-in-stand-in';
import { RequireAuth } from './guards';

/*
 * Opening the installed app with no connection at all (decision 054): a member this device has
 * seen gets their screens (quick log with the company's rules); anyone else is told they are
 * offline, and nothing of one member is kept past signing out or reaches another.
 */

/** A stand-in quick log: who it logs for and what a held meeting is worth, as the real screen reads them. */
function QuickLogStandIn() {
  const { user, signOut } = useAuth();
  const { rules } = useLogRules();
  return (
    <>
      <h1>Quick log for {user?.name}</h1>
      {rules && <p>Meeting held: {rules.kindPoints.meeting} pts</p>}
      <button type="button" onClick={() => void signOut()}>
        Log out
      </button>
    </>
  );
}

/** The app (a fresh page: nothing in memory) at /app/quick-log. */
function openApp() {
  const router = createMemoryRouter(
    [
      { path: '/auth', Component: SignInStandIn },
      { element: <RequireAuth />, children: [{ path: '/app/quick-log', Component: QuickLogStandIn }] },
    ],
    { initialEntries: ['/app/quick-log'] },
  );
  const rendered = renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AuthProvider>,
    // A cold start: the page knows nobody until /me answers.
    { seed: (client) => client.removeQueries({ queryKey: queryKeys.me }) },
  );
  return { router, ...rendered };
}

const other: Me = { ...makeTestMe(), user: { ...makeTestMe().user, id: 'user-2', name: 'Per Other', email: 'per@example.com' } };

/** The server answering: the member (or null), rules with a held meeting worth `meetingPoints`, sign-out. */
function online(me: Me | null, meetingPoints = 3) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  return stubFetch({
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules({ meeting_completed: { basePoints: meetingPoints } })),
    'POST /api/v1/me/provision': reply(200, { success: true, created: false, promoted: false, error: null }),
    'POST /api/auth/sign-out': reply(200, { success: true }),
  });
}

/** No connection: every request fails as a fetch does offline. */
function offline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return stubFetch(new Proxy({}, { get: () => () => Promise.reject(new TypeError('Failed to fetch')) }));
}

// The toaster's code loads with the first toast (decision 026): load it first, so a toast would show in time.
beforeAll(async () => void (await import('@web/components/ui/sonner-toaster')));
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('opening the app with no connection', () => {
  it('opens quick log for the member this device saw last, with the rules they saw', async () => {
    online(makeTestMe(), 4);
    const first = openApp();
    await screen.findByText('Meeting held: 4 pts');
    first.unmount();

    const calls = offline();
    openApp();
    expect(await screen.findByRole('heading', { name: 'Quick log for Rita Rep' })).toBeInTheDocument();
    expect(await screen.findByText('Meeting held: 4 pts')).toBeInTheDocument();
    // It asked the server first: the device's copy answers only because no answer came.
    expect(calls.some((call) => call.path === '/api/v1/me')).toBe(true);
    // The sign-in set-up call fails offline too: the member was set up before, nothing to say.
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/me/provision')).toBe(true));
    await expect(screen.findByText(/Failed to set up/, undefined, { timeout: 1500 })).rejects.toThrow();
  });

  it('tells someone this device has never seen that they are offline, and stays where they were going', async () => {
    offline();
    const { router } = openApp();
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Connect to the internet to sign in.');
    expect(router.state.location.pathname).toBe('/app/quick-log');
  });

  it('keeps nothing after Log out: opened offline again, it is as for a stranger', async () => {
    online(makeTestMe());
    const first = openApp();
    await screen.findByRole('heading', { name: 'Quick log for Rita Rep' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign-in page /auth?signed_out=1' });
    first.unmount();

    offline();
    openApp();
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
  });

  it('forgets the member when the server says nobody is signed in (an expired session goes to sign-in as before)', async () => {
    online(makeTestMe());
    const first = openApp();
    await screen.findByRole('heading', { name: 'Quick log for Rita Rep' });
    first.unmount();

    online(null);
    const expired = openApp();
    expect(await screen.findByRole('heading', { name: 'Sign-in page /auth?next=%2Fapp%2Fquick-log' })).toBeInTheDocument();
    expired.unmount();

    offline();
    openApp();
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
  });

  it("never shows one member's rules to the next member on the device", async () => {
    online(makeTestMe(), 4);
    const rita = openApp();
    await screen.findByText('Meeting held: 4 pts');
    rita.unmount();

    // Per signs in; the connection goes before the rules are read for him.
    stubFetch({
      'GET /api/v1/me': reply(200, other),
      'GET /api/v1/kpi-rules': () => Promise.reject(new TypeError('Failed to fetch')),
      'POST /api/v1/me/provision': reply(200, { success: true, created: false, promoted: false, error: null }),
    });
    const per = openApp();
    await screen.findByRole('heading', { name: 'Quick log for Per Other' });
    per.unmount();

    offline();
    openApp();
    expect(await screen.findByRole('heading', { name: 'Quick log for Per Other' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Meeting held/)).not.toBeInTheDocument();
  });
});
