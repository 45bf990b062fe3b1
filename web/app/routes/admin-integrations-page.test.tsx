import type { CreateDisplayLink, CreatedDisplayLink, DisplayLink, DisplayLinkList, TvPlaylist, TvPlaylistList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AdminIntegrationsPage } from './admin-integrations-page';

/** An admin of Fjordsalg AS (Europe/Oslo: UTC+1 in November). */
const adminMe = makeTestAdminMe();

const link = (over: Partial<DisplayLink> & Pick<DisplayLink, 'id' | 'name'>): DisplayLink => ({
  team: null,
  playlist: null,
  language: null,
  createdBy: 'user-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  active: true,
  ...over,
});

/** Newest first, revoked ones included, as the server lists them. */
const LINKS: DisplayLink[] = [
  link({ id: 'd1', name: 'Lobby TV', createdAt: '2026-11-22T10:00:00.000Z', lastUsedAt: '2026-11-24T08:15:00.000Z' }),
  link({
    id: 'd2',
    name: 'Sales floor',
    team: { id: '0b1c2d3e-0000-4000-8000-000000000510', name: 'Oslo' },
    createdAt: '2026-11-21T10:00:00.000Z',
  }),
  link({
    id: 'd3',
    name: 'Old canteen screen',
    createdAt: '2026-11-01T10:00:00.000Z',
    revokedAt: '2026-11-10T10:00:00.000Z',
    active: false,
  }),
];

/** One playlist of the company (decision 052). */
const PLAYLISTS: TvPlaylist[] = [
  {
    id: '0b1c2d3e-0000-4000-8000-00000000f100',
    name: 'Sales floor loop',
    screens: [
      { id: '0b1c2d3e-0000-4000-8000-00000000f101', kind: 'leaderboard', durationSeconds: 20 },
      { id: '0b1c2d3e-0000-4000-8000-00000000f102', kind: 'message', durationSeconds: 10, text: 'Pizza at four' },
    ],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
];

const TOKEN = 'q3Yp0yF1mX3c8rVt-2gq5Jm7ZlQe9Wb4sKd1nHo6aAc';

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply | Promise<StubReply>)>;

/** The company's display links on the server: listed, created (the token shown once) and revoked. */
const TEAMS = [
  { id: '0b1c2d3e-0000-4000-8000-00000000b3e9', name: 'Bergen' },
  { id: '0b1c2d3e-0000-4000-8000-000000000510', name: 'Oslo' },
];

function stubServer(answers: Answers = {}, start: DisplayLink[] = LINKS, teams = TEAMS) {
  let links = [...start];
  const revoke: Answers = {};
  for (const { id } of start) {
    revoke[`DELETE /api/v1/display-links/${id}`] = () => {
      links = links.map((l) => (l.id === id ? { ...l, active: false, revokedAt: '2026-11-24T09:00:00.000Z' } : l));
      return reply(
        200,
        links.find((l) => l.id === id)!,
      );
    };
  }
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/display-links': () => reply(200, { links } satisfies DisplayLinkList),
    'GET /api/v1/teams': reply(200, {
      teams: teams.map((team) => ({ ...team, members: [], leads: [], createdAt: '2026-11-01T00:00:00Z' })),
    }),
    'GET /api/v1/admin/chat-integrations': reply(200, { integrations: [] }),
    'GET /api/v1/tv-playlists': reply(200, { playlists: PLAYLISTS } satisfies TvPlaylistList),
    'PUT /api/v1/display-links/d1/playlist': (call) => {
      const { playlistId } = call.body as { playlistId: string | null };
      const playlist = PLAYLISTS.find((p) => p.id === playlistId);
      links = links.map((l) => (l.id === 'd1' ? { ...l, playlist: playlist ? { id: playlist.id, name: playlist.name } : null } : l));
      return reply(
        200,
        links.find((l) => l.id === 'd1')!,
      );
    },
    'POST /api/v1/display-links': (call) => {
      const body = call.body as CreateDisplayLink;
      const team = TEAMS.find((t) => t.id === body.teamId) ?? null;
      const created = link({ id: 'd9', name: body.name, team, language: body.language ?? null, createdAt: '2026-11-24T09:00:00.000Z' });
      links = [created, ...links];
      return reply(201, { link: created, token: TOKEN } satisfies CreatedDisplayLink);
    },
    ...revoke,
    ...answers,
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AdminIntegrationsPage />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe },
  );
  return userEvent.setup();
}

/** Each link as read: name, whose numbers it shows, created, last used, status (the playlist column is read on its own). */
const tableRows = async (caption = 'Display links') =>
  within(await screen.findByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .filter((_, i) => i !== 2 && i < 6)
        .map((cell) => cell.textContent!.replace(/\s/g, ' ')),
    );
const sent = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/display-links')).map((c) => [c.method, c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Integrations: the page', () => {
  it('shows as one piece once its three lists have answered, so nothing moves under the pointer', async () => {
    // The playlists answer last: until then the page is one still shape, not a card that grows.
    let answerPlaylists = () => {};
    const playlistsAnswered = new Promise<void>((resolve) => (answerPlaylists = resolve));
    const calls = stubServer({
      'GET /api/v1/tv-playlists': async () => {
        await playlistsAnswered;
        return reply(200, { playlists: PLAYLISTS } satisfies TvPlaylistList);
      },
    });
    renderPage();
    expect(await screen.findByLabelText('Loading...')).toHaveAttribute('aria-busy', 'true');
    // The links and channels have answered; the page still waits for the playlists.
    await vi.waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/v1/display-links', '/api/v1/admin/chat-integrations'])),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Open Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'TV display links' })).not.toBeInTheDocument();
    answerPlaylists();
    expect(await screen.findByRole('link', { name: 'Open Webhooks' })).toHaveAttribute('href', '/app/admin/webhooks');
    expect(screen.getByText('Sales floor loop')).toBeInTheDocument();
    expect(await tableRows()).toHaveLength(3);
    expect(screen.queryByLabelText('Loading...')).not.toBeInTheDocument();
  });

  it('shows the page when one list fails, with that card saying so and offering to try again', async () => {
    stubServer({ 'GET /api/v1/admin/chat-integrations': reply(500, { error: 'Internal error' }) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Open Webhooks' })).toBeInTheDocument();
    expect(await tableRows()).toHaveLength(3);
    const chat = screen.getByRole('heading', { name: 'Slack and Microsoft Teams' }).closest('[data-slot="card"]') as HTMLElement;
    expect(within(chat).getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});

describe('Administration, Integrations: TV display links', () => {
  it('lists the links with when they were made and last used, in the company time zone; only active ones can be revoked', async () => {
    stubServer();
    renderPage();
    expect(await screen.findByText('TV display links')).toBeInTheDocument();
    expect(await tableRows()).toEqual([
      ['Lobby TV', 'Whole company', '22 Nov 2026', '24 Nov, 09:15', 'Active'],
      ['Sales floor', 'Oslo', '21 Nov 2026', 'Never', 'Active'],
      ['Old canteen screen', 'Whole company', '1 Nov 2026', 'Never', 'Revoked'],
    ]);
    expect(screen.getByRole('button', { name: 'Revoke Lobby TV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke Sales floor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Old canteen screen' })).not.toBeInTheDocument();
    // Slack and Teams sit beside the links; nothing says "coming later" any more.
    expect(screen.getByRole('heading', { name: 'Slack and Microsoft Teams' })).toBeInTheDocument();
    expect(screen.queryByText('Coming later')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings → API tokens' })).toHaveAttribute('href', '/app/settings?tab=api-tokens');
  });

  it("points an active link at a playlist and back at today's leaderboard; a revoked link only says what it showed", async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    expect(await screen.findByText('Sales floor loop')).toBeInTheDocument(); // the playlists card lists it
    const select = screen.getByRole('combobox', { name: 'What the display link “Lobby TV” shows' });
    expect(select).toHaveTextContent("Today's leaderboard");
    expect(screen.queryByRole('combobox', { name: 'What the display link “Old canteen screen” shows' })).not.toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Sales floor loop' }));
    expect((await findToast('“Lobby TV” now rotates through “Sales floor loop”')).element).toBeInTheDocument();
    await vi.waitFor(() => expect(select).toHaveTextContent('Sales floor loop'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: "Today's leaderboard" }));
    expect((await findToast("“Lobby TV” now shows today's leaderboard")).element).toBeInTheDocument();
    expect(sent(calls)).toEqual([
      ['PUT', '/api/v1/display-links/d1/playlist', { playlistId: PLAYLISTS[0]!.id }],
      ['PUT', '/api/v1/display-links/d1/playlist', { playlistId: null }],
    ]);
  });

  it('says there are none yet', async () => {
    stubServer({}, []);
    renderPage();
    expect(await screen.findByText('No display links yet')).toBeInTheDocument();
    expect(
      screen.getByText('Create one for each wall screen, so you can revoke a single screen without disturbing the others.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('creates a link: a blank name is refused first; then the address is shown once, copied, and the link is listed', async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    const name = screen.getByLabelText('Screen name');
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(sent(calls)).toEqual([]);

    await user.clear(name);
    await user.type(name, ' Sales floor TV ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display link for “Sales floor TV” created' });
    expect(sent(calls)).toEqual([['POST', '/api/v1/display-links', { name: 'Sales floor TV' }]]);
    const address = `${window.location.origin}/tv?display=${TOKEN}`;
    expect(within(dialog).getByLabelText('Display link')).toHaveValue(address);
    expect(dialog).toHaveTextContent('This is the only time the link is shown');
    expect(within(dialog).getByRole('link', { name: 'Open on this device' })).toHaveAttribute('href', address);
    expect(name).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await findToast('Link Copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(async () =>
      expect((await tableRows())[0]).toEqual(['Sales floor TV', 'Whole company', '24 Nov 2026', 'Never', 'Active']),
    );
  });

  it("makes a link with a language of its own (decision 079); the list says it, and the next link speaks the company's", async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveTextContent("The company's");
    await user.click(language);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      "The company's",
      'English',
      'Norsk (bokmål)',
      'Svenska',
      'Dansk',
    ]);
    await user.click(screen.getByRole('option', { name: 'English' }));
    await user.type(screen.getByLabelText('Screen name'), 'Visitors lobby');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display link for “Visitors lobby” created' });
    expect(sent(calls)).toEqual([['POST', '/api/v1/display-links', { name: 'Visitors lobby', language: 'en' }]]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(async () =>
      expect((await tableRows())[0]).toEqual(['Visitors lobby', 'Whole companyEnglish', '24 Nov 2026', 'Never', 'Active']),
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent("The company's");
  });

  it('makes a link for one team: the select offers the whole company (the default) and each team, and the list shows the team', async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    const picker = screen.getByRole('combobox', { name: 'Shows' });
    expect(picker).toHaveTextContent('Whole company');
    await user.click(picker);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Whole company', 'Bergen', 'Oslo']);
    await user.click(screen.getByRole('option', { name: 'Bergen' }));
    await user.type(screen.getByLabelText('Screen name'), 'Bergen wall');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Display link for “Bergen wall” created' });
    expect(sent(calls)).toEqual([
      ['POST', '/api/v1/display-links', { name: 'Bergen wall', teamId: '0b1c2d3e-0000-4000-8000-00000000b3e9' }],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(async () => expect((await tableRows())[0]).toEqual(['Bergen wall', 'Bergen', '24 Nov 2026', 'Never', 'Active']));
    // The select is back on the whole company for the next link.
    expect(screen.getByRole('combobox', { name: 'Shows' })).toHaveTextContent('Whole company');
  });

  it('offers no team select while the company has no teams', async () => {
    stubServer({}, LINKS, []);
    renderPage();
    await tableRows();
    expect(screen.queryByRole('combobox', { name: 'Shows' })).not.toBeInTheDocument();
    expect(screen.getByText('A name that tells you where the screen hangs. At most 80 characters.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of the name on the field, and any other refusal in a toast, keeping the name', async () => {
    let attempts = 0;
    stubServer({
      'POST /api/v1/display-links': () =>
        ++attempts === 1
          ? refuse(400, {
              code: 'invalid_input',
              message: 'name: Contains a character that cannot be saved',
              details: { name: 'Contains a character that cannot be saved' },
            })
          : refuse(403, { code: 'forbidden', message: 'You do not have access to this.' }),
    });
    const user = renderPage();
    await tableRows();
    const name = screen.getByLabelText('Screen name');
    await user.type(name, 'Lobby 2');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Contains a character that cannot be saved')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Contains a character that cannot be saved');

    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await findToast('Could not create the display link')).description).toEqual(['You do not have access to this.']);
    expect(name).toHaveValue('Lobby 2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes a link after saying what it means, and the row says Revoked', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke Lobby TV' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Lobby TV”?' });
    expect(dialog).toHaveTextContent('Screens using this link stop showing the leaderboard at once. This cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Lobby TV' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Display link revoked')).description).toEqual(['Lobby TV no longer shows the leaderboard.']);
    expect(sent(calls)).toEqual([['DELETE', '/api/v1/display-links/d1', undefined]]);
    await vi.waitFor(async () =>
      expect((await tableRows())[0]).toEqual(['Lobby TV', 'Whole company', '22 Nov 2026', '24 Nov, 09:15', 'Revoked']),
    );
    expect(screen.queryByRole('button', { name: 'Revoke Lobby TV' })).not.toBeInTheDocument();
  });

  it('says why a revoke was refused, keeps asking, and the link stays active', async () => {
    stubServer({ 'DELETE /api/v1/display-links/d2': refuse(404, { code: 'not_found', message: 'Not found.' }) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke Sales floor' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Could not revoke the display link')).description).toEqual(['Not found.']);
    // The question stays (to try again or cancel).
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke “Sales floor”?' })).getByRole('button', { name: 'Cancel' }));
    expect((await tableRows())[1]![4]).toBe('Active');
  });

  it('says when the links cannot load, and loads them again on Try again', async () => {
    let attempts = 0;
    stubServer({
      'GET /api/v1/display-links': () =>
        ++attempts === 1
          ? refuse(500, { code: 'internal', message: 'Something went wrong' })
          : reply(200, { links: LINKS } satisfies DisplayLinkList),
    });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load display links');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await tableRows()).toHaveLength(3);
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    const user = renderPage();
    expect(await tableRows('Visningslenker')).toEqual([
      ['Lobby TV', 'Hele selskapet', '22. nov. 2026', '24. nov., 09:15', 'Aktiv'],
      ['Sales floor', 'Oslo', '21. nov. 2026', 'Aldri', 'Aktiv'],
      ['Old canteen screen', 'Hele selskapet', '1. nov. 2026', 'Aldri', 'Trukket tilbake'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Trekk tilbake Sales floor' }));
    expect(screen.getByRole('dialog', { name: 'Trekke tilbake «Sales floor»?' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByRole('combobox', { name: 'Viser' })).toHaveTextContent('Hele selskapet');
    await user.type(screen.getByLabelText('Skjermnavn'), 'Kantina');
    await user.click(screen.getByRole('button', { name: 'Opprett lenke' }));
    expect(await screen.findByRole('dialog', { name: 'Visningslenke for «Kantina» er opprettet' })).toHaveTextContent('Vises bare én gang');
  });
});
