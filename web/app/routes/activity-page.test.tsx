import type { Activity, KpiRuleList, MyTodayStats } from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivity, makeTestKpiRules } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { addPendingActivity } from '@web/features/activity/lib/offline-queue';
import { Component as ActivityPage } from './activity-page';

const EMAIL_AND_LINKEDIN_ON = makeTestKpiRules({
  email: { enabled: true, basePoints: 1 },
  linkedin: { enabled: true, basePoints: 2 },
  meeting_completed: { enabled: false },
});

const stats: MyTodayStats = {
  date: '2026-11-23',
  calls: 0,
  answered: 0,
  unanswered: 0,
  meetingsBooked: 0,
  meetingsCompleted: 0,
  movedForward: 0,
  sales: 0,
  revenue: 0,
  points: 0,
  conversion: 0,
  hitRate: 0,
  goals: { dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: {}, updatedAt: null },
  progress: { calls: 0, meetings: 0, sales: 0 },
  typeCounts: {},
};

/** What POST /activities answers for the held meeting, e-mail or LinkedIn touch in the request. */
function loggedTouch(call: RecordedCall): Activity {
  const body = call.body as { kind: 'meeting' | 'email' | 'linkedin'; customerName: string | null; notes: string | null };
  return makeTestActivity({
    id: `activity-${body.kind}`,
    kind: body.kind,
    type: body.kind,
    answered: null,
    customerName: body.customerName,
    notes: body.notes,
    pointsEarned: 3,
  });
}

/** A dialog's log as posted: what the rep entered, with its device key and the day and time it was logged (decision 054). */
const keyed = (body: object) => ({ ...body, clientKey: expect.any(String), localDate: expect.any(String), time: expect.any(String) });

/** My Activity, where the log buttons and dialogs live, for a signed-in rep and the given rules. */
function renderActivityPage({
  rules = makeTestKpiRules(),
  entry = '/app/activity',
  answers = {},
}: { rules?: KpiRuleList; entry?: string; answers?: Parameters<typeof stubFetch>[0] } = {}) {
  const calls = stubFetch({
    'GET /api/v1/kpi-rules': reply(200, rules),
    'GET /api/v1/stats/me/today': reply(200, stats),
    'GET /api/v1/activities/mine': reply(200, { date: stats.date, activities: [] }),
    'GET /api/v1/scoreboard/recent-activities': reply(200, { activities: [] }),
    'POST /api/v1/activities': (call) => reply(201, loggedTouch(call)),
    ...answers,
  });
  const router = createMemoryRouter([{ path: '/app/activity', Component: ActivityPage }], { initialEntries: [entry] });
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AuthProvider>,
  );
  const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/activities').map((c) => c.body);
  return { user: userEvent.setup(), posted, router };
}

// The toaster's code loads with the first toast (decision 026): load it once here, so the first test's
// toast is not the one that waits for it (it came later than findToast looks on a busy machine).
beforeAll(async () => void (await import('@web/components/ui/sonner-toaster')));
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('LogTouchDialog on My Activity', () => {
  it('logs a held meeting with its customer and notes, and says so', async () => {
    const { user, posted, router } = renderActivityPage();
    await user.click(await screen.findByRole('button', { name: 'Meeting held, +3 pts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a held meeting' });
    expect(router.state.location.search).toBe('?log=meeting');
    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), ' Nordlys ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Offer ');
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));

    const { description } = await findToast('Meeting logged');
    expect(description).toEqual(['Your held meeting has been recorded · +3 pts']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([keyed({ kind: 'meeting', customerName: 'Nordlys', notes: 'Offer' })]);
    // The focus is back on the tile it was opened from (it fell to the top of the page), ready for the next.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Meeting held, +3 pts' })).toHaveFocus());
  });

  it('offers E-mail and LinkedIn only while their rules are on, and posts each as its own kind', async () => {
    const { user, posted } = renderActivityPage({ rules: EMAIL_AND_LINKEDIN_ON });
    const email = await screen.findByRole('button', { name: 'E-mail, +1 pt' });
    expect(screen.queryByRole('button', { name: /Meeting held/ })).not.toBeInTheDocument();
    await user.click(email);
    let dialog = await screen.findByRole('dialog', { name: 'Log an e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    expect((await findToast('E-mail logged')).description).toEqual(['Your e-mail has been recorded · +3 pts']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'LinkedIn, +2 pts' }));
    dialog = await screen.findByRole('dialog', { name: 'Log a LinkedIn touch' });
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    expect((await findToast('LinkedIn touch logged')).description).toEqual(['Your LinkedIn touch has been recorded · +3 pts']);

    expect(posted()).toEqual([
      keyed({ kind: 'email', customerName: null, notes: null }),
      keyed({ kind: 'linkedin', customerName: null, notes: null }),
    ]);
  });

  it('opens no dialog from a link to a kind whose rule is off', async () => {
    renderActivityPage({ entry: '/app/activity?log=email' });
    await screen.findByRole('button', { name: 'Meeting held, +3 pts' });
    expect(screen.queryByRole('button', { name: /E-mail/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when M (or the palette) asks for a held meeting the company does not log, and leaves the address clean', async () => {
    const { router } = renderActivityPage({ rules: EMAIL_AND_LINKEDIN_ON, entry: '/app/activity?log=meeting' });
    await findToast('Meeting held is not logged in your company: an admin can turn it on in the KPI rules.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the dialog from a link while the rule is on', async () => {
    renderActivityPage({ rules: EMAIL_AND_LINKEDIN_ON, entry: '/app/activity?log=linkedin' });
    expect(await screen.findByRole('dialog', { name: 'Log a LinkedIn touch' })).toBeInTheDocument();
  });

  it("says 'Error: Could not log e-mail' with the server's reason when the rule was turned off meanwhile, and stays open to try again", async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'kpi_rule_disabled',
          message: 'E-mail logging is turned off for your company. An admin can turn it on under Settings, KPI Rules.',
        },
      }),
    ];
    const { user, posted } = renderActivityPage({
      rules: EMAIL_AND_LINKEDIN_ON,
      answers: { 'POST /api/v1/activities': (call) => answers.shift() ?? reply(201, loggedTouch(call)) },
    });
    await user.click(await screen.findByRole('button', { name: 'E-mail, +1 pt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log an e-mail' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Prices');
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));

    const { description } = await findToast('Error');
    expect(description).toEqual([
      'Could not log e-mail',
      'E-mail logging is turned off for your company. An admin can turn it on under Settings, KPI Rules.',
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' sent');
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect((await findToast('E-mail logged')).description).toEqual(['Your e-mail has been recorded · +3 pts']);
    expect(posted()).toEqual([
      keyed({ kind: 'email', customerName: null, notes: 'Prices' }),
      keyed({ kind: 'email', customerName: null, notes: 'Prices sent' }),
    ]);
    // The refused one was not kept to be sent again: nothing waits.
    expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument();
  });
});

describe('logging from My Activity without a connection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the log on this device, says how many wait, and sends it once with its key when the connection returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let online = false;
    const { user, posted } = renderActivityPage({
      answers: {
        'POST /api/v1/activities': (call) => (online ? reply(201, loggedTouch(call)) : Promise.reject(new TypeError('Failed to fetch'))),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Meeting held, +3 pts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a held meeting' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));

    expect((await findToast('Kept on this device')).description).toEqual(['It is sent as soon as you are online again.']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('1 log waiting to sync')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    online = true;
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await findToast('1 log sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
    expect(posted()).toEqual([keyed({ kind: 'meeting', customerName: null, notes: 'Demo' })]);
  });

  it('says a log was logged when a sync already under way sent it, not that it waits', async () => {
    // A log kept earlier: My Activity sends it on opening, and the server is slow to answer it.
    await addPendingActivity({
      clientKey: 'earlier',
      userId: 'user-1',
      body: { kind: 'meeting', customerName: null, notes: 'Earlier', localDate: stats.date, time: '08:00', clientKey: 'earlier' },
      tappedAt: new Date(Date.now() - 3_600_000).toISOString(),
      status: 'waiting',
    });
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { user, posted } = renderActivityPage({
      answers: {
        'POST /api/v1/activities': async (call) => {
          if ((call.body as { clientKey: string }).clientKey === 'earlier') await slow;
          return reply(201, loggedTouch(call));
        },
      },
    });
    expect(await screen.findByText('1 log waiting to sync')).toBeInTheDocument();
    // Send now while the first send waits: this second run will take the log made next.
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await user.click(await screen.findByRole('button', { name: 'Meeting held, +3 pts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a held meeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    release();

    expect((await findToast('Meeting logged')).description).toEqual(['Your held meeting has been recorded · +3 pts']);
    expect(screen.queryByText('Kept on this device')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
    expect(posted()).toHaveLength(2);
  });
});
