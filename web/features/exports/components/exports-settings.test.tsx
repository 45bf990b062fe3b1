import type { Me } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import type { RecordedCall } from '@web/test/stub-fetch';
import { ExportsSettings } from './exports-settings';

const members = {
  members: [
    makeTestMember(),
    makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Kasper Kollega', email: 'kasper@example.com', role: 'user' }),
  ],
};

/**
 * The server as the page meets it: /me, the member list, and the export, which answers a file
 * (or the refusal given). Every request is recorded.
 */
function stubServer(me: Me, exportAnswer?: { status: number; body: unknown }) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | URL | string) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      calls.push({ method: 'GET', path: url.pathname, search: url.search, body: undefined, headers: new Headers() });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/me') return json(200, me);
      if (url.pathname === '/api/v1/me/provision') return json(200, { success: true, created: false, promoted: false, error: null });
      if (url.pathname === '/api/v1/team/members') return json(200, members);
      if (url.pathname.startsWith('/api/v1/exports/')) {
        if (exportAnswer) return json(exportAnswer.status, exportAnswer.body);
        return new Response('file', {
          status: 200,
          headers: { 'content-disposition': `attachment; filename="Fjordsalg AS - export.${url.searchParams.get('format')}"` },
        });
      }
      return json(200, {});
    }),
  );
  return calls;
}

function renderPage(me: Me) {
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <ExportsSettings />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me },
  );
}

const exportCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/v1/exports/')).map((c) => c.path + c.search);

let restoreDownloads: () => void;
beforeEach(() => {
  void i18n.changeLanguage('en');
  // jsdom has no object URLs, and a click on the download link would navigate.
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  restoreDownloads = () => {
    click.mockRestore();
    Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
  };
});
afterEach(() => {
  restoreDownloads();
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Settings, Exports, for an admin', () => {
  it("downloads this month's activities of everyone as Excel by default, in the app's language", async () => {
    const calls = stubServer(makeTestAdminMe());
    renderPage(makeTestAdminMe());
    expect(screen.getByText(/are in English, the app's language/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await findToast('Export downloaded');
    expect(exportCalls(calls)).toEqual(['/api/v1/exports/activities?period=month&format=xlsx&language=en']);
  });

  it("one member's wrap-ups of any range, as CSV for Norwegian Excel", async () => {
    const calls = stubServer(makeTestAdminMe());
    renderPage(makeTestAdminMe());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Daily wrap-ups/ }));
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-07-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-09-30');
    await user.click(screen.getByRole('combobox', { name: 'Member' }));
    await user.click(await screen.findByRole('option', { name: 'Kasper Kollega' }));
    await user.click(screen.getByRole('radio', { name: 'CSV' }));
    await user.click(screen.getByRole('radio', { name: /^Semicolon/ }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await findToast('Export downloaded');
    expect(exportCalls(calls)).toEqual([
      '/api/v1/exports/wrapups?from=2026-07-01&to=2026-09-30&member=user-2&format=csv&separator=semicolon&language=en',
    ]);
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const calls = stubServer(makeTestAdminMe());
    renderPage(makeTestAdminMe());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must come before the last.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(exportCalls(calls)).toEqual([]);
  });

  it('has no period for goals and members, and no member for the member list', async () => {
    const calls = stubServer(makeTestAdminMe());
    renderPage(makeTestAdminMe());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Members/ }));
    expect(screen.getByText(/they have no period/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await findToast('Export downloaded');
    expect(exportCalls(calls)).toEqual(['/api/v1/exports/members?format=xlsx&language=en']);
  });

  it('says when too many exports run at once', async () => {
    stubServer(makeTestAdminMe(), { status: 429, body: { error: { code: 'too_many_exports', message: 'Wait for one to finish.' } } });
    renderPage(makeTestAdminMe());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const toast = await findToast('Could not export');
    expect(toast.description).toEqual(['Nothing was downloaded.', 'Wait for one to finish.']);
  });
});

describe('Settings, Exports, for a rep', () => {
  it('exports their own activities (no member to choose), and the leaderboard whole or their row', async () => {
    const calls = stubServer(makeTestMe());
    renderPage(makeTestMe());
    expect(screen.getByText("Your own. Admins can export everyone's.")).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Leaderboard/ }));
    await user.click(screen.getByRole('radio', { name: 'This week' }));
    await user.click(screen.getByRole('combobox', { name: 'Member' }));
    await user.click(await screen.findByRole('option', { name: 'Only me' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await findToast('Export downloaded');
    expect(exportCalls(calls)).toEqual(['/api/v1/exports/leaderboard?period=week&member=user-1&format=xlsx&language=en']);
    // A rep never asks for the member list (it is an admin's choice).
    expect(calls.some((c) => c.path === '/api/v1/team/members')).toBe(false);
  });

  it('speaks Norwegian, and the file does too', async () => {
    await i18n.changeLanguage('nb');
    const calls = stubServer(makeTestMe());
    renderPage(makeTestMe());
    expect(screen.getByText(/er på norsk, appens språk/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'CSV' }));
    // Norwegian readers get semicolons first: what their Excel opens by double-click.
    expect(screen.getByRole('radio', { name: /^Semikolon/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Last ned' }));
    await findToast('Eksporten er lastet ned');
    expect(exportCalls(calls)).toEqual(['/api/v1/exports/activities?period=month&format=csv&separator=semicolon&language=nb']);
  });
});
