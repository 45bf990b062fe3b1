import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider, type RouteObject } from 'react-router';
import { RESET_PASSWORD_PAGE_PATH } from '@core/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AuthPage } from '@web/features/auth/routes/auth-page';
import { i18n } from '@web/i18n';
import { AuthProvider, useAuth } from '@web/lib/auth/auth-provider';
import { meQueryKey } from '@web/lib/auth/get-me';
import { paths } from '@web/lib/paths';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
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

/** The real guards and sign-in page around stand-in app screens. */
const routes: RouteObject[] = [
  { element: <RedirectIfSignedIn />, children: [{ path: '/auth', Component: AuthPage }] },
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

/** The server: signed out until a sign-in succeeds, signed out again after Log out. */
function stubServer() {
  let isSignedIn = false;
  return stubFetch({
    'GET /api/v1/me': () => reply(200, isSignedIn ? makeTestMe() : null),
    'POST /api/auth/sign-in/email': () => {
      isSignedIn = true;
      return reply(200, { redirect: false, token: 't', user: { id: 'user-1' } });
    },
    'POST /api/auth/sign-out': () => {
      isSignedIn = false;
      return reply(200, { success: true });
    },
  });
}

function renderAt(entry: InitialEntry, routeObjects: RouteObject[] = routes) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [entry] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
    { seed: (client) => client.setQueryData(meQueryKey, null) },
  );
  return router;
}

async function signIn() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Welcome back' });
  await user.type(screen.getByLabelText('Email'), 'rita@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('back to where the person was going', () => {
  it('a bookmarked /app/weekly opened signed out is where sign-in lands', async () => {
    stubServer();
    const router = renderAt('/app/weekly');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Weekly View' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/weekly');
  });

  it('keeps the query string (/tv?display=wall)', async () => {
    stubServer();
    const router = renderAt('/tv?display=wall');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'TV' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/tv?display=wall');
  });

  it('never follows a state that points off the app', async () => {
    stubServer();
    const router = renderAt({ pathname: '/auth', state: { from: '//evil.example/app' } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('an invitation in the URL still wins', async () => {
    stubServer();
    const router = renderAt({ pathname: '/auth', search: '?invite=inv-9', state: { from: '/app/weekly' } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Invitation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/inv-9');
  });

  it('after Log out, the next sign-in starts at the dashboard, not the page logged out from', async () => {
    stubServer();
    const router = renderAt('/app/weekly');
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Weekly View' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
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
