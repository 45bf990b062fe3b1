import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider, type RouteObject } from 'react-router';
import { RESET_PASSWORD_PAGE_PATH } from '@core/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as RegisterPage } from '@web/features/auth/routes/register-page';
import { i18n } from '@web/i18n';
import { AuthProvider, useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { queryKeys } from '@web/lib/query-keys';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { SignInStandIn } from '@web/test/sign-in-stand-in';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { routes as appRoutes } from './router';

function Screen({ title }: { title: string }) {
  const { signOut } = useAuth();
  return (
    <>
      <h1>{title}</h1>
      <button type="button" onClick={() => void signOut()}>
        Log out
      </button>
    </>
  );
}

/**
 * The real guards around stand-in app screens. The sign-in page itself is pre-rendered (it goes on
 * to `?next=`: web/site/islands/sign-in.test.tsx); here it is a stand-in that shows its address.
 */
const routes: RouteObject[] = [
  { path: '/auth', Component: SignInStandIn },
  { element: <RedirectIfSignedIn />, children: [{ path: '/auth/register', Component: RegisterPage }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/app', element: <Screen title="Team Dashboard" /> },
      { path: '/app/weekly', element: <Screen title="Weekly View" /> },
      { path: '/tv', element: <Screen title="TV" /> },
    ],
  },
  { path: '/invite/:code', element: <h1>Invitation</h1> },
];

/** The server: signed in or not, signed out after Log out. */
function stubServer(signedIn = false) {
  let isSignedIn = signedIn;
  return stubFetch({
    'GET /api/v1/me': () => reply(200, isSignedIn ? makeTestMe() : null),
    'POST /api/auth/sign-out': () => {
      isSignedIn = false;
      return reply(200, { success: true });
    },
  });
}

function renderAt(entry: InitialEntry, routeObjects: RouteObject[] = routes, signedIn = false) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [entry] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
    { seed: (client) => client.setQueryData(queryKeys.me, signedIn ? makeTestMe() : null) },
  );
  return router;
}

const at = (router: ReturnType<typeof renderAt>) => router.state.location.pathname + router.state.location.search;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('back to where the person was going', () => {
  it('a bookmarked /app/weekly opened signed out sends sign-in there next', async () => {
    stubServer();
    const router = renderAt('/app/weekly');
    await screen.findByRole('heading', { name: /^Sign-in page/ });
    expect(at(router)).toBe('/auth?next=%2Fapp%2Fweekly');
  });

  it('keeps the query string (/tv?display=wall)', async () => {
    stubServer();
    const router = renderAt('/tv?display=wall');
    await screen.findByRole('heading', { name: /^Sign-in page/ });
    expect(at(router)).toBe('/auth?next=%2Ftv%3Fdisplay%3Dwall');
  });

  it('after Log out, sign-in says so and does not send the person back to the page logged out from', async () => {
    stubServer(true);
    const router = renderAt('/app/weekly', routes, true);
    await screen.findByRole('heading', { name: 'Weekly View' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: /^Sign-in page/ });
    expect(at(router)).toBe('/auth?signed_out=1');
  });

  it.each([
    ['the page it was sent from', '/auth/register?next=%2Fapp%2Fweekly', '/app/weekly', 'Weekly View'],
    ['never a page off the app', '/auth/register?next=%2F%2Fevil.example%2Fapp', '/app', 'Team Dashboard'],
    ['the invitation first', '/auth/register?invite=inv-9&next=%2Fapp%2Fweekly', '/invite/inv-9', 'Invitation'],
  ])('the join page sends a signed-in person on: %s', async (_label, entry, expected, heading) => {
    stubServer(true);
    const router = renderAt(entry, routes, true);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(expected);
  });
});

describe('the router', () => {
  it("serves the page the server's reset mail links to", () => {
    expect(paths.authResetPassword).toBe(RESET_PASSWORD_PAGE_PATH);
  });

  it.each([
    ['/auth/forgot-password', 'Reset your password'],
    ['/auth/reset-password?token=tok', 'Choose a new password'],
    ['/auth/reset-password?error=INVALID_TOKEN', 'This link has expired'],
  ])('opens %s', async (path, heading) => {
    stubServer();
    renderAt(path, appRoutes);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });
});
