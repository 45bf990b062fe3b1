import type { ApiToken, Me } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { ApiTokensSettings } from './api-tokens-settings';

const SECRET = 'dbp_3NqLr8ZxV2pKm7YtW4sH9cJb6FgD1aQe5uRo0iTnQ7x';

const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 'tok-1',
  name: 'Power BI',
  scopes: ['activities:read', 'stats:read'],
  hint: 'dbp_...Q7xk',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2027-02-18T09:00:00.000Z',
  lastUsedAt: '2026-11-24T08:30:00.000Z',
  expired: false,
  ...over,
});

function renderTokens(answers: Record<string, StubReply | ((call: RecordedCall) => StubReply)>, me: Me = makeTestMe()) {
  const calls = stubFetch({ 'GET /api/v1/me': reply(200, me), ...answers });
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <ApiTokensSettings />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me },
  );
  return calls;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('API tokens: my tokens', () => {
  it('says what a token is for when there is none, with the API reference', async () => {
    renderTokens({ 'GET /api/v1/me/api-tokens': reply(200, { tokens: [] }) });
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
    expect(screen.getByText(/connect Power BI, a spreadsheet or your own script/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('button', { name: 'Create token' })).toBeInTheDocument();
  });

  it('lists each token: name, scopes, created, expires, last used, and an expired one', async () => {
    renderTokens({
      'GET /api/v1/me/api-tokens': reply(200, {
        tokens: [
          token(),
          token({
            id: 'tok-2',
            name: 'Old sheet',
            scopes: ['members:read'],
            expiresAt: '2026-11-01T09:00:00.000Z',
            expired: true,
            lastUsedAt: null,
          }),
        ],
      }),
    });
    const rows = await screen.findAllByTestId('api-token');
    expect(rows[0]).toHaveTextContent('Power BI');
    expect(rows[0]).toHaveTextContent('Read activities');
    expect(rows[0]).toHaveTextContent('Read scoreboards');
    expect(rows[0]).toHaveTextContent('Created 20 Nov 2026');
    expect(rows[0]).toHaveTextContent('Expires 18 Feb 2027');
    expect(rows[0]).toHaveTextContent(/Last used 24 Nov 2026/);
    expect(rows[1]).toHaveTextContent('Expired 1 Nov 2026');
    expect(rows[1]).toHaveTextContent('Never used');
    expect(screen.getByText('2 of 25 tokens')).toBeInTheDocument();
  });

  it('creates a token: counted name, scopes with what each does, lifetime; the secret once, copied', async () => {
    let tokens: ApiToken[] = [];
    const calls = renderTokens({
      'GET /api/v1/me/api-tokens': () => reply(200, { tokens }),
      'POST /api/v1/me/api-tokens': (call) => {
        const body = call.body as { name: string; scopes: ApiToken['scopes'] };
        tokens = [token({ name: body.name, scopes: body.scopes, lastUsedAt: null })];
        return reply(201, { token: tokens[0], secret: SECRET });
      },
    });
    // user-event puts its own clipboard in place of the browser's: what Copy wrote is read back from it.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });

    // Nothing chosen: said on the fields, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Give the token a name, such as the tool that will use it.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one thing it may do.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/me/api-tokens' && c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Nightly sync');
    expect(within(dialog).getByText('12 / 80')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('maxlength', '80');
    // Each scope says what it lets the token do; a rep is not offered the admins' webhooks.
    const read = within(dialog).getByRole('checkbox', { name: /^Read activities/ });
    expect(read).toHaveAccessibleDescription(/Your activities and daily wrap-ups \(the whole company's if you are an admin\)/);
    expect(within(dialog).queryByRole('checkbox', { name: /^Manage webhooks/ })).not.toBeInTheDocument();
    await user.click(read);
    await user.click(within(dialog).getByRole('checkbox', { name: /^Log activities/ }));
    await user.click(within(dialog).getByRole('radio', { name: '365 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(calls.find((c) => c.path === '/api/v1/me/api-tokens' && c.method === 'POST')?.body).toEqual({
      name: 'Nightly sync',
      scopes: ['activities:read', 'activities:write'],
      expiresInDays: 365,
    });
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    expect(within(shown).getByLabelText('Token')).toHaveAttribute('readonly');
    expect(within(shown).getByText(/Copy it now. It will not be shown again/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('api-token')).toHaveTextContent('Nightly sync');
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('says when the member holds the most tokens, and puts field refusals on their fields', async () => {
    let answer = reply(409, { error: { code: 'too_many_tokens', message: 'You hold 25 tokens.' } });
    renderTokens({ 'GET /api/v1/me/api-tokens': reply(200, { tokens: [token()] }), 'POST /api/v1/me/api-tokens': () => answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
    await user.type(within(dialog).getByLabelText('Name'), 'One more');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read members/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(/You hold 25 tokens, the most a member may/)).toBeInTheDocument();

    answer = reply(400, {
      error: { code: 'bad_request', message: 'Invalid input', details: { name: 'The name can be at most 80 characters' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('The name can be at most 80 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await findToast('Could not create the token');
  });

  it('revokes a token after asking', async () => {
    let tokens = [token()];
    const calls = renderTokens({
      'GET /api/v1/me/api-tokens': () => reply(200, { tokens }),
      'DELETE /api/v1/me/api-tokens/tok-1': () => {
        tokens = [];
        return reply(200, { ok: true });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Power BI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Power BI”?' });
    expect(confirm).toHaveTextContent('Anything using this token stops working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await findToast('Token revoked');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/me/api-tokens/tok-1')).toBe(true);
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
  });

  it('speaks Norwegian, the scopes too', async () => {
    await i18n.changeLanguage('nb');
    renderTokens({ 'GET /api/v1/me/api-tokens': reply(200, { tokens: [] }) }, makeTestAdminMe());
    expect(await screen.findByText('Ingen nøkler ennå')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lag nøkkel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lag en nøkkel' });
    expect(within(dialog).getByRole('checkbox', { name: /^Lese aktiviteter/ })).toHaveAccessibleDescription(/Dine aktiviteter/);
    // An admin is offered the webhooks scope.
    expect(within(dialog).getByRole('checkbox', { name: /^Administrere webhooks/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Aldri' })).toBeInTheDocument();
  });
});

describe("API tokens: an admin's view of the company", () => {
  const companyToken = {
    ...token({ id: 'tok-9', name: 'Rita sheet' }),
    userId: 'user-2',
    displayName: 'Rita Rep',
    email: 'rita@example.com',
  };

  it('lists every token with its owner, and revokes any', async () => {
    let tokens = [companyToken];
    const calls = renderTokens(
      {
        'GET /api/v1/me/api-tokens': reply(200, { tokens: [] }),
        'GET /api/v1/admin/api-tokens': () => reply(200, { tokens }),
        'DELETE /api/v1/admin/api-tokens/tok-9': () => {
          tokens = [];
          return reply(200, { ok: true });
        },
      },
      makeTestAdminMe(),
    );
    const table = await screen.findByRole('table', { name: 'Every token in the company' });
    const row = within(table).getByTestId('company-api-token');
    expect(row).toHaveTextContent('Rita Rep');
    expect(row).toHaveTextContent('rita@example.com');
    expect(row).toHaveTextContent('Rita sheet');
    expect(row).toHaveTextContent('Read scoreboards');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Revoke Rita sheet' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke “Rita sheet”?' })).getByRole('button', { name: 'Revoke' }));
    await findToast('Token revoked');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/admin/api-tokens/tok-9')).toBe(true);
    expect(await screen.findByText('No member has a token.')).toBeInTheDocument();
  });

  it('is not shown to a rep (the server refuses them anyway)', async () => {
    const calls = renderTokens({ 'GET /api/v1/me/api-tokens': reply(200, { tokens: [] }) });
    await screen.findByText('No tokens yet');
    expect(screen.queryByText('Every token in the company')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/admin/api-tokens')).toBe(false);
  });
});
