import type { Goals, UpdateGoals } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivityType, makeTestStats } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import type { ActivityType } from '@core/contracts';
import { useMyStats } from '../api/get-my-stats';
import { DailyGoalsCard } from './daily-goals-card';

const stats = makeTestStats({
  sales: 0,
  revenue: 0,
  points: 7,
  goals: { dailyCalls: 20, dailyMeetings: 4, dailySales: 1, types: {}, updatedAt: '2026-11-20T07:00:00.000Z' },
  progress: { calls: 60, meetings: 50, sales: 0 },
});

/** The card as My Activity shows it: fed by GET /stats/me/today, which reflects saved goals. */
function Harness() {
  const query = useMyStats();
  return query.data ? <DailyGoalsCard stats={query.data} /> : null;
}

function renderCard(saveAnswer?: (goals: UpdateGoals) => StubReply | Promise<StubReply>) {
  let goals: Goals = stats.goals;
  const calls = stubFetch({
    'GET /api/v1/stats/me/today': () => reply(200, { ...stats, goals }),
    'PUT /api/v1/goals/me': (call) => {
      if (saveAnswer) return saveAnswer(call.body as UpdateGoals);
      goals = {
        ...(call.body as UpdateGoals),
        types: (call.body as UpdateGoals).types ?? goals.types,
        updatedAt: '2026-11-23T09:00:00.000Z',
      };
      return reply(200, goals);
    },
  });
  renderWithProviders(
    <>
      <Harness />
      <Toaster />
    </>,
  );
  const saved = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/v1/goals/me').map((c) => c.body);
  return { user: userEvent.setup(), saved };
}

const goalsList = () => screen.getByRole('list', { name: 'Daily Goals' });
const field = (name: 'Calls' | 'Meetings' | 'Sales') => screen.getByRole('spinbutton', { name });

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit goals' }));
  // The form's code loads on Edit (decision 085): its first field shows once it has.
  await screen.findByRole('spinbutton', { name: 'Calls' });
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('DailyGoalsCard', () => {
  it('edits the goals inline and saves them', async () => {
    const { user, saved } = renderCard();
    await startEditing(user);
    expect(field('Calls')).toHaveValue(20);
    expect(field('Calls')).toHaveFocus();
    expect(field('Meetings')).toHaveValue(4);
    expect(field('Sales')).toHaveValue(1);
    await user.clear(field('Calls'));
    await user.type(field('Calls'), '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const { description } = await findToast('Goals updated');
    expect(description).toEqual(['Your daily goals have been saved.']);
    expect(saved()).toEqual([{ dailyCalls: 25, dailyMeetings: 4, dailySales: 1 }]);
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(goalsList()).getAllByRole('listitem')[0]).toHaveTextContent('Calls25 per day');
  });

  it('Cancel leaves the goals as they were and sends nothing', async () => {
    const { user, saved } = renderCard();
    await startEditing(user);
    await user.clear(field('Meetings'));
    await user.type(field('Meetings'), '9');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(goalsList()).getAllByRole('listitem')[1]).toHaveTextContent('Meetings4 per day');
    await startEditing(user);
    expect(field('Meetings')).toHaveValue(4);
    expect(saved()).toEqual([]);
  });

  it('saves an emptied or unparsable goal as 0', async () => {
    const { user, saved } = renderCard();
    await startEditing(user);
    await user.clear(field('Calls'));
    await user.clear(field('Sales'));
    await user.type(field('Sales'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await findToast('Goals updated');
    expect(saved()).toEqual([{ dailyCalls: 0, dailyMeetings: 4, dailySales: 0 }]);
  });

  it('refuses fractions and negative goals next to the field, and sends nothing', async () => {
    const { user, saved } = renderCard();
    await startEditing(user);
    await user.clear(field('Calls'));
    await user.type(field('Calls'), '2.5');
    await user.clear(field('Meetings'));
    await user.type(field('Meetings'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(field('Calls')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Calls')).toHaveAccessibleDescription('Enter a whole number');
    expect(field('Meetings')).toHaveAccessibleDescription('Must be 0 or more');
    expect(saved()).toEqual([]);
  });

  it('disables Save and Cancel while saving', async () => {
    let release: (answer: StubReply) => void = () => undefined;
    const { user, saved } = renderCard(() => new Promise<StubReply>((resolve) => (release = resolve)));
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release(reply(200, { ...stats.goals, updatedAt: '2026-11-23T09:00:00.000Z' }));
    await findToast('Goals updated');
    expect(saved()).toHaveLength(1);
  });

  it("says 'Error: Could not save goals' with the server's reason and keeps the form open with what was typed", async () => {
    const { user } = renderCard(() => reply(400, { error: { code: 'validation_error', message: 'The calls goal can be at most 10000' } }));
    await startEditing(user);
    await user.clear(field('Calls'));
    await user.type(field('Calls'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const { description } = await findToast('Error');
    expect(description).toEqual(['Could not save goals', 'The calls goal can be at most 10000']);
    expect(field('Calls')).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("says only 'Error: Could not save goals' when the network fails", async () => {
    const { user } = renderCard(() => Promise.reject(new TypeError('Failed to fetch')));
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const { description } = await findToast('Error');
    expect(description).toEqual(['Could not save goals']);
  });

  it("lists the goals on the company's own types with today's count, and edits them beside the built-in ones (decision 106)", async () => {
    const type = (id: string, en: string, archivedAt: string | null = null): ActivityType =>
      makeTestActivityType({ id, names: { en }, archivedAt });
    const dial = '6f1c2a3b-0000-4000-8000-000000000001';
    const demo = '6f1c2a3b-0000-4000-8000-000000000002';
    const old = '6f1c2a3b-0000-4000-8000-000000000003';
    const withTypes = { ...stats, goals: { ...stats.goals, types: { [dial]: 50, [old]: 9 } }, typeCounts: { [dial]: 50, [old]: 0 } };
    const calls = stubFetch({
      'GET /api/v1/stats/me/today': reply(200, withTypes),
      'GET /api/v1/activity-types': reply(200, {
        types: [type(dial, 'Dial'), type(demo, 'Demo'), type(old, 'Old', '2026-11-10T08:00:00.000Z')],
        myUse: {},
      }),
      'PUT /api/v1/goals/me': (call) => reply(200, { ...withTypes.goals, ...(call.body as UpdateGoals) }),
    });
    renderWithProviders(
      <>
        <Harness />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    // Fifty dials of fifty: reached, and counted with the built-in goals; the archived type's goal is not listed.
    await within(await screen.findByRole('list', { name: 'Daily Goals' })).findByText('Dial');
    expect(within(goalsList()).getAllByRole('listitem').at(-1)).toHaveTextContent('Dial50 of 50 per day');
    expect(within(goalsList()).getAllByRole('listitem').at(-1)!.querySelector('[aria-label="Goal reached"]')).not.toBeNull();
    expect(screen.getByText('1 of 4 goals reached today')).toBeInTheDocument();
    expect(within(goalsList()).queryByText('Old')).toBeNull();

    await startEditing(user);
    const types = screen.getByRole('group', { name: 'Your activity types' });
    expect(within(types).getByRole('spinbutton', { name: 'Dial' })).toHaveValue(50);
    await user.type(within(types).getByRole('spinbutton', { name: 'Demo' }), '{Backspace}4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Goals updated');
    const sent = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(sent).toEqual([{ dailyCalls: 20, dailyMeetings: 4, dailySales: 1, types: { [dial]: 50, [demo]: 4 } }]);
  });
});
