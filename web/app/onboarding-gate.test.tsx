import type { Me } from '@core/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as CompanyPage } from '@web/features/reports/routes/company-page';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { queryKeys } from '@web/lib/query-keys';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { OnboardingGate, RequireAuth } from './guards';
import { routes as appRoutes } from './router';

/** The guards as the router nests them, around stand-in screens. */
const routes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: '/awaiting-assignment', element: <h1>Awaiting Assignment</h1> },
      {
        element: <OnboardingGate />,
        children: [
          { path: '/app', element: <h1>Team Dashboard</h1> },
          { path: '/app/company', Component: CompanyPage },
        ],
      },
    ],
  },
];

const WARNING = 'Some features may not work properly. Please refresh the page if you experience issues.';

const withoutCompany = (): Me => ({ ...makeTestMe(), company: null, onboarding: { ...makeTestMe().onboarding, hasCompany: false } });

/** The provisioning call that never answers (a hung server). */
const hanging = () => new Promise<never>(() => {});

function renderAt(path: string, me: Me | null, routeObjects: RouteObject[] = routes) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
    { seed: (client) => client.setQueryData(queryKeys.me, me) },
  );
  return router;
}

/** Moves the faked clock and lets React and the queries catch up. */
const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OnboardingGate', () => {
  it("says 'Checking your access...' to a newcomer until provisioning has made them a member, then opens the app", async () => {
    let answerProvision: (() => void) | undefined;
    let provisioned = false;
    stubFetch({
      'GET /api/v1/me': () => reply(200, provisioned ? makeTestMe() : withoutCompany()),
      'POST /api/v1/me/provision': () =>
        new Promise((resolve) => {
          answerProvision = () => {
            provisioned = true;
            resolve(reply(200, { success: true, created: true, promoted: false, error: null }));
          };
        }),
    });
    renderAt('/app', withoutCompany());

    expect(screen.getByRole('status')).toHaveTextContent('Checking your access...');
    expect(screen.queryByRole('heading', { name: 'Team Dashboard' })).not.toBeInTheDocument();

    await waitFor(() => expect(answerProvision).toBeDefined());
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access...');
    answerProvision!();
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the app at once for a member of a company: their provisioning runs behind the screen (decision 085)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let provisionAsked = false;
    stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'POST /api/v1/me/provision': () => {
        provisionAsked = true;
        return hanging();
      },
    });
    renderAt('/app', makeTestMe());

    expect(screen.getByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument();
    await passTime(10_000);
    expect(provisionAsked).toBe(true);
    // A check that hangs behind a member's screen is no reason to warn them.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets a newcomer through with the warning when the check hangs for 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch({ 'GET /api/v1/me': reply(200, withoutCompany()), 'POST /api/v1/me/provision': hanging });
    renderAt('/app', withoutCompany());

    await passTime(9_999);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access...');
    expect(screen.queryByRole('heading', { name: 'Team Dashboard' })).not.toBeInTheDocument();

    await passTime(1);
    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    expect(screen.getByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
  });

  it('lets a person without a company into the app when the check hangs; the Company page then says there is none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch({
      'GET /api/v1/me': reply(200, withoutCompany()),
      'POST /api/v1/me/provision': hanging,
      'GET /api/v1/scoreboard/company': reply(403, { error: { code: 'no_company', message: 'You are not a member of a company yet.' } }),
    });
    renderAt('/app/company', withoutCompany());

    await passTime(10_000);
    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    expect(screen.getByText('No company found. You need to create or be invited to a company first.')).toBeInTheDocument();
  });

  it('sends a person without a company to /awaiting-assignment', async () => {
    stubFetch({ 'GET /api/v1/me': reply(200, withoutCompany()) });
    const router = renderAt('/app', withoutCompany());
    expect(await screen.findByRole('heading', { name: 'Awaiting Assignment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/awaiting-assignment');
  });

  it('sends a signed-out visitor of an app screen to /auth (the router puts the gate behind RequireAuth)', async () => {
    stubFetch();
    const router = renderAt('/app/weekly', null, appRoutes);
    // The sign-in page is pre-rendered: the app hands over to it (a full page load).
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/auth?next=%2Fapp%2Fweekly'));
    expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument();
  });
});
