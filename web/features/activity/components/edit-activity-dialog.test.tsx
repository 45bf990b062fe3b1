import type { ActivityType } from '@core/contracts';
import { computeLogOptions } from '@core/kpi';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { makeTestActivity, makeTestKpiRules } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { getCustomerSuggestionsQueryOptions } from '../api/suggest-customers';
import { EditActivityDialog } from './edit-activity-dialog';
import { LogForMemberDialog } from './log-for-member-dialog';

/*
 * A manager's corrections in one dialog (decision 086): whose it is, what it was and its day,
 * beside the details a rep edits; and a log on a member's behalf.
 */

const RULES = computeLogOptions(makeTestKpiRules().rules);
const SCOPE = {
  today: '2026-11-23',
  members: [
    { userId: 'user-1', name: 'Carina Rep' },
    { userId: 'user-2', name: 'Eva Rep' },
  ],
};

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("the edit dialog's corrections", () => {
  it('opens with the customer filled in and no suggestion list over the form', async () => {
    stubFetch();
    const activity = makeTestActivity({ type: 'sale', kind: 'sale', ticketSize: 4_500_000, customerName: 'Fjord AS' });
    renderWithProviders(<EditActivityDialog activity={activity} onOpenChange={() => {}} rules={RULES} />, {
      seed: (client) =>
        client.setQueryData(getCustomerSuggestionsQueryOptions('Fjord AS').queryKey, {
          suggestions: [
            { id: 'c1', name: 'Fjord AS', archived: false },
            { id: 'c2', name: 'Fjordland Fisk', archived: false },
          ],
        }),
    });
    const customer = await screen.findByRole('combobox', { name: /Customer/ });
    expect(customer).toHaveValue('Fjord AS');
    await new Promise((resolve) => setTimeout(resolve, 300)); // past the typing pause: the list would be in by now
    expect(customer).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option', { name: 'Fjordland Fisk' })).toBeNull();
  });

  it('writes a sale’s value back as the reader writes numbers, and reads it so when saved', async () => {
    await i18n.changeLanguage('da');
    const user = userEvent.setup();
    const calls = stubFetch({ 'PATCH /api/v1/activities/activity-1': reply(200, makeTestActivity()) });
    const activity = makeTestActivity({ type: 'sale', kind: 'sale', ticketSize: 2_450_050, customerName: 'Fjord AS' });
    renderWithProviders(<EditActivityDialog activity={activity} onOpenChange={() => {}} rules={RULES} scope={SCOPE} />);
    // It showed "24500.5", a number no Dane writes.
    const value = await screen.findByDisplayValue('24.500,50');
    await user.clear(value);
    await user.type(value, '25.000');
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ ticketSize: 2_500_000 });
  });

  it("moves Carina's call to Eva, makes it a held meeting and moves it a day back: one change with all three", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'PATCH /api/v1/activities/activity-1': reply(200, makeTestActivity()) });
    renderWithProviders(<EditActivityDialog activity={makeTestActivity()} onOpenChange={() => {}} rules={RULES} scope={SCOPE} />);
    await choose(user, 'Whose activity', 'Eva Rep');
    await choose(user, 'What it was', 'Meeting held');
    // A date field is set as a picker sets it (jsdom types no dates).
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-22' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ userId: 'user-2', type: 'meeting', localDate: '2026-11-22' });
  });

  it('asks for the outcome when an unanswered call becomes an answered one, and for the value when it becomes a sale', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'PATCH /api/v1/activities/activity-1': reply(200, makeTestActivity()) });
    renderWithProviders(<EditActivityDialog activity={makeTestActivity()} onOpenChange={() => {}} rules={RULES} scope={SCOPE} />);
    await choose(user, 'What it was', 'Sale');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await choose(user, 'What it was', 'Answered call');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Meeting booked/ }));
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ type: 'call_answered', outcome: 'meeting_booked' });
  });

  it("offers a rep's own edit no member, kind or day", () => {
    stubFetch();
    renderWithProviders(<EditActivityDialog activity={makeTestActivity()} onOpenChange={() => {}} rules={RULES} />);
    expect(screen.queryByRole('combobox', { name: 'Whose activity' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'What it was' })).toBeNull();
    expect(screen.queryByLabelText('Day')).toBeNull();
  });
});

describe('logging on a member’s behalf', () => {
  it('logs a sale for Eva on an earlier day, and says so', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'POST /api/v1/activities': reply(201, makeTestActivity({ userId: 'user-2', type: 'sale', kind: 'sale' })) });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <LogForMemberDialog
        member={{ userId: 'user-2', name: 'Eva Rep' }}
        today="2026-11-23"
        rules={RULES}
        open
        onOpenChange={onOpenChange}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Log for Eva Rep' });
    await choose(user, 'What it was', 'Sale');
    await user.type(within(dialog).getByLabelText(/Sale Value/), '12500');
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2026-11-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Log it' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'sale',
      ticketSize: 1_250_000,
      userId: 'user-2',
      localDate: '2026-11-20',
    });
  });

  it("logs one of the company's own types for Eva through its form: its outcome and fields, sent with her id", async () => {
    const user = userEvent.setup();
    const demo: ActivityType = {
      id: '0b0e5d0c-1d7e-4a4e-9c0e-000000000009',
      names: { en: 'Demo held' },
      icon: 'star',
      colour: 'blue',
      points: 5,
      outcomes: [{ id: 'won', names: { en: 'Won' }, points: 3, celebrate: false, archived: false }],
      fields: [{ id: 'seats', names: { en: 'Seats' }, kind: 'number', required: true, options: [], pointsPerUnit: null, archived: false }],
      bonus: null,
      celebrate: false,
      archivedAt: null,
      inUse: true,
      createdAt: '2026-12-01T10:00:00.000Z',
      updatedAt: '2026-12-01T10:00:00.000Z',
    };
    const calls = stubFetch({
      'GET /api/v1/activity-types': reply(200, { types: [demo], myUse: {} }),
      'POST /api/v1/activities': reply(201, makeTestActivity({ userId: 'user-2' })),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <LogForMemberDialog
        member={{ userId: 'user-2', name: 'Eva Rep' }}
        today="2026-11-23"
        rules={RULES}
        open
        onOpenChange={onOpenChange}
      />,
    );
    await choose(user, 'What it was', 'Demo held');
    const dialog = screen.getByRole('dialog', { name: 'Log for Eva Rep' });
    // Its required field is asked for before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Log it' }));
    expect(await within(dialog).findByText('Choose one of the outcomes')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByText('Won'));
    await user.type(within(dialog).getByLabelText('Seats'), '12');
    // Any day up to today, as for the built-in kinds.
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2026-11-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Log it' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      kind: 'custom',
      typeId: demo.id,
      outcome: 'won',
      fields: { seats: 12 },
      userId: 'user-2',
      localDate: '2026-11-20',
    });
  });
});
