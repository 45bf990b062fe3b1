import type { TargetList, TargetSubjects, TeamGoals } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { Component as TeamTargetsPage } from './team-targets-page';
import { makeTestActivityType } from '@web/test/fixtures';

const subjects: TargetSubjects = {
  members: [
    { userId: 'user-2', displayName: 'Ola Rep', avatarUrl: null, teamId: 'team-1' },
    { userId: 'user-3', displayName: 'Kari Rep', avatarUrl: null, teamId: 'team-1' },
  ],
  teams: [{ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Oslo' }],
};
const goals: TeamGoals = {
  members: subjects.members.map((member, i) => ({
    ...member,
    goals: { dailyCalls: i === 0 ? 20 : 0, dailyMeetings: i === 0 ? 2 : 0, dailySales: 0, types: {}, updatedAt: null },
  })),
};

function renderPage(answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, makeTestMe()),
    'GET /api/v1/targets/subjects': reply(200, subjects),
    'GET /api/v1/targets': reply(200, { targets: [] } satisfies TargetList),
    'GET /api/v1/goals/team': reply(200, goals),
    'PUT /api/v1/goals/members/user-3': (call) => reply(200, { ...(call.body as object), updatedAt: '2026-11-24T10:00:00Z' }),
    ...answers,
  });
  renderWithProviders(
    <>
      <TeamTargetsPage />
      <Toaster />
    </>,
    { me: makeTestMe() },
  );
  return { calls, user: userEvent.setup() };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("Targets, a team lead's screen", () => {
  it("shows the lead's team and people to target, and their people's daily goals", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Targets', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('team-goal-row');
    expect(within(rows[0]!).getByText('Ola Rep')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Kari Rep')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent('20');
  });

  it("changes a person's daily goals for them", async () => {
    const { calls, user } = renderPage();
    const rows = await screen.findAllByTestId('team-goal-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Change the daily goals of Kari Rep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily goals for Kari Rep' });
    const callsField = within(dialog).getByLabelText('Calls');
    await user.clear(callsField);
    await user.type(callsField, 'many');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number from 0 to 10000')).toBeInTheDocument();
    await user.clear(callsField);
    await user.type(callsField, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/api/v1/goals/members/user-3', { dailyCalls: 25, dailyMeetings: 0, dailySales: 0 }],
      ]),
    );
    expect(await screen.findByText('Daily goals saved for Kari Rep')).toBeInTheDocument();
  });

  it("sets a goal on each of the company's live own types beside the built-in ones (decision 106)", async () => {
    const type = (id: string, en: string, archivedAt: string | null = null) =>
      makeTestActivityType({ id, names: { en }, archivedAt, inUse: false });
    const dial = '6f1c2a3b-0000-4000-8000-000000000001';
    const gone = '6f1c2a3b-0000-4000-8000-000000000002';
    const withDial: TeamGoals = {
      members: goals.members.map((member, i) =>
        i === 1 ? { ...member, goals: { ...member.goals, types: { [dial]: 20, [gone]: 3 } } } : member,
      ),
    };
    const { calls, user } = renderPage({
      'GET /api/v1/goals/team': reply(200, withDial),
      'GET /api/v1/activity-types': reply(200, { types: [type(dial, 'Dial'), type(gone, 'Gone', '2026-11-10T08:00:00Z')], myUse: {} }),
    });
    const rows = await screen.findAllByTestId('team-goal-row');
    // The goals on live types under the name; an archived type's is not shown.
    expect(await within(rows[1]!).findByTestId('type-goals')).toHaveTextContent(/^Dial 20$/);
    await user.click(within(rows[1]!).getByRole('button', { name: 'Change the daily goals of Kari Rep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily goals for Kari Rep' });
    const types = await within(dialog).findByRole('group', { name: 'Activity types' });
    expect(within(types).queryByLabelText('Gone')).toBeNull();
    const dialField = within(types).getByLabelText('Dial');
    expect(dialField).toHaveValue('20');
    await user.clear(dialField);
    await user.type(dialField, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number from 0 to 10000')).toBeInTheDocument();
    await user.clear(dialField);
    await user.type(dialField, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: { [dial]: 50 } },
      ]),
    );
  });

  it('tells someone who leads no team what the screen is for', async () => {
    renderPage({
      'GET /api/v1/targets/subjects': reply(403, {
        error: { code: 'forbidden', message: 'Only administrators and team leads can set targets.' },
      }),
    });
    expect(await screen.findByText('Targets are for team leads')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set target' })).not.toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderPage();
    expect(await screen.findByText('Dagsmålene til folkene dine')).toBeInTheDocument();
    expect(screen.getByText('Mål og dagsmål for teamene du leder og folkene deres.')).toBeInTheDocument();
  });
});
