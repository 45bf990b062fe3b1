import type { Activity, ActivityLogOptions } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestActivity, makeTestKpiRules } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { LogTouchDialog } from './log-touch-dialog';

/** What GET /activities/log-options answers: Monday 23 November, with the window given. */
function logOptions(lateLoggingDays: number): ActivityLogOptions {
  return {
    outcomePoints: { no_progress: 0, moved_forward: 1, meeting_booked: 5 },
    kindPoints: { call_unanswered: 0, meeting: 3, sale: 10, email: 0, linkedin: 0 },
    enabledKinds: { call: true, sale: true, meeting: true, email: false, linkedin: false },
    hasTicketSizePoints: false,
    today: '2026-11-23',
    lateLoggingDays,
    canCorrectAnyDay: false,
  };
}

function renderDialog(lateLoggingDays: number) {
  const calls = stubFetch({
    'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
    'GET /api/v1/activities/log-options': reply(200, logOptions(lateLoggingDays)),
    'POST /api/v1/activities': (call: RecordedCall) => {
      const body = call.body as { localDate?: string };
      const activity: Activity = makeTestActivity({
        kind: 'meeting',
        type: 'meeting',
        answered: null,
        localDate: body.localDate ?? '2026-11-23',
      });
      return reply(201, { ...activity, loggedLate: body.localDate !== undefined });
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<LogTouchDialog kind="meeting" onOpenChange={() => {}} />);
  const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/activities').map((c) => c.body);
  return { user, posted };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('the day an activity is logged for', () => {
  it('is not called "today" above a picker of other days', async () => {
    renderDialog(7);
    const dialog = await screen.findByRole('dialog', { name: 'Log a held meeting' });
    await within(dialog).findByRole('combobox', { name: 'Day' });
    expect(within(dialog).getByText('A meeting that has been held.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/today\./i);
  });

  it('is today unless an earlier day of the window is chosen; then a time may be given too', async () => {
    const { user, posted } = renderDialog(7);
    const dialog = await screen.findByRole('dialog');
    const day = await within(dialog).findByRole('combobox', { name: 'Day' });
    expect(day).toHaveTextContent('Today');
    expect(within(dialog).queryByLabelText('Time (optional)')).not.toBeInTheDocument();

    await user.click(day);
    const options = await screen.findAllByRole('option');
    // Today and the 7 days before it, in the company's calendar.
    expect(options.map((o) => o.textContent)).toEqual([
      'Today',
      'Yesterday, Sun 22 Nov',
      'Sat 21 Nov',
      'Fri 20 Nov',
      'Thu 19 Nov',
      'Wed 18 Nov',
      'Tue 17 Nov',
      'Mon 16 Nov',
    ]);
    await user.click(options[1]!);
    expect(within(dialog).getByText("It counts on that day's boards and is marked as logged late.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Time (optional)'), '14:30');
    await user.click(within(dialog).getByRole('button', { name: /^Log/ }));
    await vi.waitFor(() =>
      expect(posted()).toEqual([
        { kind: 'meeting', customerName: null, notes: null, localDate: '2026-11-22', time: '14:30', clientKey: expect.any(String) },
      ]),
    );
  });

  it('sends today as the day and time it was logged, and offers no choice when the company allows only today', async () => {
    const { user, posted } = renderDialog(0);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Log/ }));
    // The device's clock in the company's zone (decision 054: a log kept offline keeps its time).
    await vi.waitFor(() =>
      expect(posted()).toEqual([
        {
          kind: 'meeting',
          customerName: null,
          notes: null,
          clientKey: expect.any(String),
          localDate: expect.any(String),
          time: expect.any(String),
        },
      ]),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
  });
});
