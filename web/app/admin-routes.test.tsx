import type { Billing, InvitationList, Me, SignupPolicySettings, TeamMemberList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes as appRoutes } from './router';
import { AppShell } from './shell/app-shell';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestAdminMe, makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';

/** The `admin` branch of the app's own route table (its guard, the console layout and every page), as the router wires it. */
function findAdminRoute(routes: RouteObject[]): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === 'admin') return route;
    const found = route.children && findAdminRoute(route.children);
    if (found) return found;
  }
  return undefined;
}
const adminRoute = findAdminRoute(appRoutes)!;

/** jsdom has no EventSource; the shell's live stream opens one, which stays silent here. */
class SilentEventSource extends EventTarget {
  static readonly CLOSED = 2;
  readyState = 0;
  close() {}
}

/** A desktop viewport (the shell asks matchMedia whether it is under 768 px). */
const desktop = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});

const billing = {
  plan: 'free',
  memberCount: 3,
  currency: 'USD',
  monthlyPriceCents: 0,
  priceOnRequest: false,
  includedUsers: null,
  additionalUsers: 0,
} satisfies Billing;

/** The signed-in app shell with the real admin branch, and a stand-in dashboard to be sent back to. */
function renderAt(entry: string, me: Me) {
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/team/members': reply(200, { members: [makeTestMember()] } satisfies TeamMemberList),
    'GET /api/v1/invitations': reply(200, { invitations: [] } satisfies InvitationList),
    'GET /api/v1/admin/signup-policy': reply(200, { policy: 'open', accessCode: null, enforced: true } satisfies SignupPolicySettings),
    'GET /api/v1/admin/billing': reply(200, billing),
  });
  const router = createMemoryRouter(
    [{ path: '/app', element: <AppShell />, children: [{ path: 'dashboard', element: <h1>Team Dashboard</h1> }, adminRoute] }],
    {
      initialEntries: [entry],
    },
  );
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
    { me },
  );
  return { router, calls };
}

/** The first visit to a screen loads its code (a lazy module, transformed on demand here): give it time. */
const LOADING = { timeout: 10_000 };

const ADMIN_PAGES = [
  '/app/admin',
  '/app/admin/users',
  '/app/admin/kpi',
  '/app/admin/targets',
  '/app/admin/customers',
  '/app/admin/import',
  '/app/admin/integrations',
  '/app/admin/webhooks',
  '/app/admin/connections',
  '/app/admin/billing',
  '/app/admin/inbox',
  '/app/admin/audit',
];

/** The API paths the admin screens read: a rep sent away from them must not have asked for any. */
const ADMIN_DATA = /^\/api\/v1\/(admin|team|invitations|kpi-rules|customers|display-links)(\/|$)/;

beforeEach(() => {
  void i18n.changeLanguage('en');
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal('matchMedia', desktop);
});
afterEach(() => vi.unstubAllGlobals());

describe('Administration for a rep', () => {
  it.each(ADMIN_PAGES)('%s sends a rep to the dashboard with “Access denied”, without loading anything of it', async (entry) => {
    const { router, calls } = renderAt(entry, makeTestMe());
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' }, LOADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied. You need administrator privileges to access this page.');
    expect(screen.queryByRole('heading', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
    expect(calls.filter((c) => ADMIN_DATA.test(c.path))).toEqual([]);
  });

  it('says it in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderAt('/app/admin/kpi', makeTestMe());
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' }, LOADING)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ingen tilgang. Du må være administrator for å åpne denne siden.');
  });
});

describe('Administration for an admin', () => {
  it('opens on Users, names every tab with the current one marked, and moves between them', async () => {
    const { router } = renderAt('/app/admin', makeTestAdminMe());
    expect(await screen.findByRole('heading', { name: 'Administration' }, LOADING)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/admin/users'), LOADING);
    expect(screen.getByText('Manage company settings, users and configurations')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /Access denied/ })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Administration' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Users',
      'Teams',
      'KPI Rules',
      'Activity types',
      'KPIs',
      'Targets',
      'Celebrations',
      'Customers',
      'Import',
      'Integrations',
      'Webhooks',
      'Connections',
      'Billing',
      'Audit log',
      'Inbox',
    ]);
    // The lazy Users route settles after the redirect; on a loaded machine that takes over a second.
    await vi.waitFor(
      () => expect(tabs.filter((tab) => tab.getAttribute('aria-current') === 'page').map((tab) => tab.textContent)).toEqual(['Users']),
      LOADING,
    );

    await userEvent.setup().click(screen.getByRole('link', { name: 'Billing' }));
    expect(await screen.findByText('1 to 5 users', { exact: false }, LOADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/admin/billing');
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('has no Inbox in a company that does not run the installation (the contact requests are not theirs)', async () => {
    renderAt('/app/admin/users', { ...makeTestAdminMe(), tenancy: 'multi', operator: false });
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, LOADING);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Users',
      'Teams',
      'KPI Rules',
      'Activity types',
      'KPIs',
      'Targets',
      'Celebrations',
      'Customers',
      'Import',
      'Integrations',
      'Webhooks',
      'Connections',
      'Billing',
      'Audit log',
    ]);
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderAt('/app/admin/users', makeTestAdminMe());
    expect(await screen.findByRole('heading', { name: 'Administrasjon' }, LOADING)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Administrasjon' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Brukere',
      'Team',
      'KPI-regler',
      'Aktivitetstyper',
      'KPI-er',
      'Mål',
      'Feiring',
      'Kunder',
      'Import',
      'Integrasjoner',
      'Webhooks',
      'Tilkoblinger',
      'Fakturering',
      'Revisjonslogg',
      'Innboks',
    ]);
  });
});
