import type { CreateTeam, Team, TeamList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminTeamsPage } from './admin-teams-page';

const adminMe = makeTestAdminMe();
const ola = makeTestMember({ id: 'p2', userId: 'ola', displayName: 'Ola Oslo', email: 'ola@example.com', role: 'user', teamId: 't-oslo' });
const lea = makeTestMember({ id: 'p3', userId: 'lea', displayName: 'Lea Lead', email: 'lea@example.com', role: 'user' });
const bea = makeTestMember({
  id: 'p4',
  userId: 'bea',
  displayName: 'Bea Bergen',
  email: 'bea@example.com',
  role: 'user',
  teamId: 't-bergen',
});
const face = (m: typeof ola) => ({ userId: m.userId, displayName: m.displayName, avatarUrl: null });
const team = (over: Partial<Team> & Pick<Team, 'id' | 'name'>): Team => ({
  members: [],
  leads: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const TEAMS: Team[] = [
  team({ id: 't-bergen', name: 'Bergen', members: [face(bea)] }),
  team({ id: 't-oslo', name: 'Oslo', members: [face(ola)], leads: [face(lea)] }),
];

function stubServer(start: Team[] = TEAMS) {
  const teams = [...start];
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/teams': () => reply(200, { teams } satisfies TeamList),
    'GET /api/v1/team/members': reply(200, { members: [makeTestMember(), ola, lea, bea] }),
    'POST /api/v1/teams': (call) => {
      const { name } = call.body as CreateTeam;
      if (teams.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
        return refuse(409, { code: 'team_exists', message: `A team named "${name}" already exists.` });
      }
      const created = team({ id: `t-${name.toLowerCase()}`, name });
      teams.push(created);
      return reply(201, created);
    },
    'DELETE /api/v1/teams/t-bergen': () => {
      teams.splice(
        teams.findIndex((t) => t.id === 't-bergen'),
        1,
      );
      return reply(200, { ok: true });
    },
    'PUT /api/v1/team/members/ola/team': () => {
      teams[1] = { ...teams[1]!, members: [] };
      return reply(200, { teamId: null });
    },
  });
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminTeamsPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const calls = (recorded: RecordedCall[], method: string) =>
  recorded.filter((c) => c.method === method && c.path.includes('team')).map((c) => [c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Teams', () => {
  it('lists the teams by name with their member counts, members and leads', async () => {
    stubServer();
    renderPage();
    const rows = await screen.findAllByTestId('team-row');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual(['Bergen', 'Oslo']);
    const oslo = within(rows[1]!);
    expect(oslo.getByText('1 member')).toBeInTheDocument();
    expect(within(oslo.getByRole('region', { name: 'Members' })).getByText('Ola Oslo')).toBeInTheDocument();
    expect(within(oslo.getByRole('region', { name: 'Leads' })).getByText('Lea Lead')).toBeInTheDocument();
    // Bea is in Bergen: offering her to Oslo says she moves.
    expect(oslo.getByRole('combobox', { name: 'Add a member to Oslo' })).toBeInTheDocument();
  });

  it('invites the first team when there are none', async () => {
    stubServer([]);
    renderPage();
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
    expect(screen.getByText('Create the first team above, then add its members and leads.')).toBeInTheDocument();
  });

  it('creates a team, and says so beside the field when the name is taken or blank', async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findAllByTestId('team-row');
    const field = screen.getByRole('textbox', { name: 'New team' });
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a team name');
    await user.type(field, 'oslo');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A team named "oslo" already exists');
    await user.clear(field);
    await user.type(field, 'Inbound{Enter}');
    await vi.waitFor(() => expect(screen.getAllByTestId('team-row')).toHaveLength(3));
    expect(field).toHaveValue('');
    expect(calls(recorded, 'POST').map(([, body]) => body)).toEqual([{ name: 'oslo' }, { name: 'Inbound' }]);
  });

  it('removes a member from a team and deletes a team after asking', async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findAllByTestId('team-row');
    await user.click(screen.getByRole('button', { name: 'Remove Ola Oslo from Oslo' }));
    expect(calls(recorded, 'PUT')).toEqual([['/api/v1/team/members/ola/team', { teamId: null }]]);
    await user.click(screen.getByRole('button', { name: 'Delete Bergen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bergen?' });
    expect(within(dialog).getByText(/Its 1 member will be in no team/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('team-row')).toHaveLength(1));
    expect(calls(recorded, 'DELETE')).toEqual([['/api/v1/teams/t-bergen', undefined]]);
  });

  it('reads in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Opprett team' })).toBeInTheDocument();
    expect(await screen.findAllByText('1 medlem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Slett Bergen' })).toBeInTheDocument();
  });
});
