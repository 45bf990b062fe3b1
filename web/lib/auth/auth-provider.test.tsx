import { QueryClient, useQuery } from '@tanstack/react-query';
import { type Persister, PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { AuthProvider, useAuth } from './auth-provider';

function ProvisionedMarker() {
  const { isProvisioning } = useAuth();
  return isProvisioning ? null : <p>Provisioned</p>;
}

/** A signed-in person seen by the app: provisioning runs once, and its toast shows. */
async function renderSignedIn(provision: StubReply | (() => never)) {
  const calls = stubFetch({ 'GET /api/v1/me': reply(200, makeTestMe()), 'POST /api/v1/me/provision': provision });
  renderWithProviders(
    <AuthProvider>
      <ProvisionedMarker />
      <Toaster />
    </AuthProvider>,
  );
  await screen.findByText('Provisioned');
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/me/provision')).toHaveLength(1);
}

/** The toast (sonner's list item) holding this text, and its variant. */
async function findToast(text: string) {
  const toast = (await screen.findByText(text)).closest('[data-sonner-toast]');
  expect(toast).not.toBeNull();
  return { toast: toast as HTMLElement, type: toast?.getAttribute('data-type') };
}

const result = (overrides: { success?: boolean; created?: boolean; promoted?: boolean; error?: string | null }) =>
  reply(200, { success: true, created: false, promoted: false, error: null, ...overrides });

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  // sonner keeps its toasts in a module and replays the active ones to the next Toaster.
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('provisioning toasts', () => {
  it("an HTTP error from the provisioning call: destructive 'Setup Error', 'Failed to set up your Dealboard account'", async () => {
    await renderSignedIn(reply(500, { error: { code: 'internal', message: 'Internal server error' } }));
    const { toast, type } = await findToast('Setup Error');
    expect(type).toBe('error');
    expect(toast).toHaveTextContent('Failed to set up your Dealboard account');
    expect(screen.queryByText('Failed to set up your account')).not.toBeInTheDocument();
  });

  it("a thrown exception (the network is down): destructive 'Failed to set up your account'", async () => {
    await renderSignedIn(() => {
      throw new TypeError('Failed to fetch');
    });
    const { type } = await findToast('Failed to set up your account');
    expect(type).toBe('error');
    expect(screen.queryByText('Setup Error')).not.toBeInTheDocument();
  });

  it("success false: 'Setup Error' with the result's error", async () => {
    await renderSignedIn(result({ success: false, error: 'The company has no free seats' }));
    const { toast, type } = await findToast('Setup Error');
    expect(type).toBe('error');
    expect(toast).toHaveTextContent('The company has no free seats');
  });

  it("success false without an error: 'Failed to set up your Dealboard account'", async () => {
    await renderSignedIn(result({ success: false, error: null }));
    const { toast, type } = await findToast('Setup Error');
    expect(type).toBe('error');
    expect(toast).toHaveTextContent('Failed to set up your Dealboard account');
  });

  it("promoted: 'Welcome to Dealboard!' / 'You've been set up as an admin'", async () => {
    await renderSignedIn(result({ created: true, promoted: true }));
    const { toast, type } = await findToast('Welcome to Dealboard!');
    expect(type).toBe('success');
    expect(toast).toHaveTextContent("You've been set up as an admin");
  });

  it("otherwise: 'Welcome to Dealboard!' / 'Your account has been set up successfully'", async () => {
    await renderSignedIn(result({ created: true }));
    const { toast, type } = await findToast('Welcome to Dealboard!');
    expect(type).toBe('success');
    expect(toast).toHaveTextContent('Your account has been set up successfully');
    expect(toast).not.toHaveTextContent('admin');
  });

  it('says nothing to a person who was already set up (decision 003: the welcome shows once)', async () => {
    await renderSignedIn(result({}));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0))); // sonner shows a toast on the next task
    expect(screen.queryByText('Welcome to Dealboard!')).not.toBeInTheDocument();
    expect(screen.queryByText('Setup Error')).not.toBeInTheDocument();
  });
});

describe('who is signed in, while the kept boards are read back (decision 085)', () => {
  it('is asked at once, while the screens under it still wait for the restore', async () => {
    const calls = stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'POST /api/v1/me/provision': result({}),
      'GET /api/v1/teams': reply(200, { teams: [] }),
    });
    // A store that has not answered yet (IndexedDB on a slow phone).
    const persister: Persister = { persistClient: () => {}, restoreClient: () => new Promise(() => {}), removeClient: () => {} };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Person() {
      const { me } = useAuth();
      const teams = useQuery({ queryKey: ['teams'], queryFn: () => fetch('/api/v1/teams').then((r) => r.json()) });
      return (
        <p>
          {me ? `Signed in: ${me.user.name}` : 'Loading'} / {teams.isFetching ? 'teams asked' : 'teams waiting'}
        </p>
      );
    }
    render(
      <PersistQueryClientProvider client={queryClient} persistOptions={{ persister }}>
        <AuthProvider>
          <Person />
        </AuthProvider>
      </PersistQueryClientProvider>,
    );
    expect(await screen.findByText(`Signed in: ${makeTestMe().user.name} / teams waiting`)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/teams')).toBe(false);
  });
});
