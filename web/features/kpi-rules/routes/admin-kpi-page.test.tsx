import type { KpiRuleList, KpiRuleView, UpdateKpiRule } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestKpiRules } from '@web/test/fixtures';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AdminKpiPage } from './admin-kpi-page';

const adminMe = makeTestAdminMe();

/** Fjordsalg's rules: the defaults, answered calls worth 1 and the sale value bonus on at 0.001 per NOK. */
const startingRules = (): KpiRuleList =>
  makeTestKpiRules({ call_answered: { basePoints: 1 }, sale_ticket_size: { enabled: true, multiplierValue: 0.001 } });

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

/** GET and PATCH /kpi-rules on one list of rules, so the page shows what a change left behind. */
function stubServer(answers: Answers = {}) {
  const state = startingRules();
  const patch = (call: RecordedCall): StubReply => {
    const id = decodeURIComponent(call.path.split('/').pop()!);
    const index = state.rules.findIndex((rule) => rule.id === id);
    const updated = {
      ...state.rules[index]!,
      ...(call.body as UpdateKpiRule),
      updatedAt: '2026-11-24T09:00:00.000Z',
    } satisfies KpiRuleView;
    state.rules[index] = updated;
    return reply(200, updated);
  };
  const patches = Object.fromEntries(state.rules.map((rule) => [`PATCH /api/v1/kpi-rules/${rule.id}`, patch]));
  return stubFetch({ 'GET /api/v1/me': reply(200, adminMe), 'GET /api/v1/kpi-rules': () => reply(200, state), ...patches, ...answers });
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminKpiPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const ruleRows = async () => within(await screen.findByRole('list', { name: 'Point rules' })).getAllByRole('listitem');
const rowOf = async (label: string) => (await ruleRows()).find((row) => row.querySelector('p')?.firstChild?.textContent === label)!;
/** The alert (not the toast, not the note about snapshots) that starts with this title. */
const findAlert = (title: string) =>
  vi.waitFor(() => {
    const alert = screen.queryAllByRole('alert').find((element) => element.textContent?.startsWith(title));
    if (!alert) throw new Error(`no alert says "${title}"`);
    return alert;
  });

const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, KPI Rules', () => {
  it('lists every rule in the order a sales manager thinks in, with its worth, its switch and its edit button', async () => {
    stubServer();
    renderPage();
    expect(screen.getByText('Changes apply from now on')).toBeInTheDocument();
    // Loading: placeholders until the rules arrive.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    const rows = await ruleRows();
    expect(rows.map((row) => row.querySelector('p')!.firstChild!.textContent)).toEqual([
      'Answered call',
      'Unanswered call',
      'Moved forward',
      'Meeting booked',
      'Meeting held',
      'E-mail',
      'LinkedIn message',
      'Sale',
      'Sale value bonus',
      'Daily call bonus',
    ]);
    expect(
      screen.getByText('What each activity is worth. Switch a rule off to stop it scoring; edit to change its points.'),
    ).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('1 point');
    expect(rows[3]).toHaveTextContent('5 points');
    expect(rows[5]).toHaveTextContent('Off');
    expect(rows[8]).toHaveTextContent('0.001 points per NOK');
    expect(rows[8]).toHaveTextContent('A NOK 10,000 sale adds 10 points');
    for (const row of rows) {
      const label = row.querySelector('p')!.firstChild!.textContent!;
      expect(within(row).getByRole('switch', { name: `Count ${label}` })).toBeEnabled();
      expect(within(row).getByRole('button', { name: `Edit ${label}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Count E-mail' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Count Sale' })).toBeChecked();
  });

  it('edits a rule’s points in place: the field has the keyboard, the change is sent and shown', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await rowOf('Meeting booked')).getByRole('button', { name: 'Edit Meeting booked' }));
    const points = screen.getByLabelText('Points');
    expect(points).toHaveFocus();
    expect(points).toHaveValue(5);
    await user.clear(points);
    await user.type(points, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await findToast('KPI rule updated')).description).toEqual(['Meeting booked']);
    expect(patches(calls)).toEqual([['/api/v1/kpi-rules/rule-3', { basePoints: 8 }]]);
    expect(await rowOf('Meeting booked')).toHaveTextContent('8 points');
    expect(screen.queryByLabelText('Points')).not.toBeInTheDocument();
  });

  it('refuses points out of range or not whole before sending, keeping what was typed; Cancel leaves the rule as it was', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await rowOf('Sale')).getByRole('button', { name: 'Edit Sale' }));
    const points = screen.getByLabelText('Points');
    expect(points).toHaveAccessibleDescription('A whole number. Applies to activities logged from now on.');
    await user.clear(points);
    await user.type(points, '1001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 0 to 1000.')).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(points).toHaveAccessibleDescription('Enter a whole number from 0 to 1000.');
    expect(points).toHaveValue(1001);

    await user.clear(points);
    await user.type(points, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number from 0 to 1000.')).toBeInTheDocument();
    expect(points).toHaveValue(2.5);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Points')).not.toBeInTheDocument();
    expect(await rowOf('Sale')).toHaveTextContent('10 points');
    expect(patches(calls)).toEqual([]);
  });

  it('edits the sale value bonus as points per NOK, and refuses a negative one', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await rowOf('Sale value bonus')).getByRole('button', { name: 'Edit Sale value bonus' }));
    const multiplier = screen.getByLabelText('Points per NOK');
    expect(multiplier).toHaveValue(0.001);
    await user.clear(multiplier);
    await user.type(multiplier, '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number from 0 to 1000.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);

    await user.clear(multiplier);
    await user.type(multiplier, '0.002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('KPI rule updated')).toBeTruthy();
    expect(patches(calls)).toEqual([['/api/v1/kpi-rules/rule-8', { multiplierValue: 0.002 }]]);
    const row = await rowOf('Sale value bonus');
    expect(row).toHaveTextContent('0.002 points per NOK');
    expect(row).toHaveTextContent('A NOK 10,000 sale adds 20 points');
  });

  it('edits the daily call bonus: its points and the calls in a day that earn it, refusing fewer than 2', async () => {
    const calls = stubServer();
    const user = renderPage();
    expect(await rowOf('Daily call bonus')).toHaveTextContent('Once a day, for the call that reaches 20 calls.');
    await user.click(within(await rowOf('Daily call bonus')).getByRole('button', { name: 'Edit Daily call bonus' }));
    expect(screen.getByLabelText('Points')).toHaveValue(5);
    const threshold = screen.getByLabelText('Calls a day');
    expect(threshold).toHaveValue(20);
    expect(threshold).toHaveAccessibleDescription(
      'Points for the call that reaches this many calls in a day, once a day. From now on, and for any day whose calls change later.',
    );
    await user.clear(threshold);
    await user.type(threshold, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of calls from 2 to 1000.')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(threshold).toHaveAccessibleDescription('Enter a whole number of calls from 2 to 1000.');
    // The points field is still described by its own hint, not by the other field's error.
    expect(screen.getByLabelText('Points')).toHaveAccessibleDescription(
      'Points for the call that reaches this many calls in a day, once a day. From now on, and for any day whose calls change later.',
    );
    expect(patches(calls)).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('KPI rule updated')).toBeTruthy();
    expect(patches(calls)).toEqual([['/api/v1/kpi-rules/rule-9', { basePoints: 5, threshold: 12 }]]);
    expect(await rowOf('Daily call bonus')).toHaveTextContent('Once a day, for the call that reaches 12 calls.');
  });

  it('switches a rule off at once, and the row says Off', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Count Meeting held' }));
    expect((await findToast('KPI rule disabled')).description).toEqual(['Meeting held']);
    expect(patches(calls)).toEqual([['/api/v1/kpi-rules/rule-4', { enabled: false }]]);
    expect(screen.getByRole('switch', { name: 'Count Meeting held' })).not.toBeChecked();
    expect(await rowOf('Meeting held')).toHaveTextContent('Off');
  });

  it('says why the server refused, and the rule stays as it was', async () => {
    stubServer({
      'PATCH /api/v1/kpi-rules/rule-5': refuse(403, { code: 'forbidden', message: 'You do not have access to this.' }),
      'PATCH /api/v1/kpi-rules/rule-7': refuse(400, {
        code: 'invalid_input',
        message: 'basePoints: Points must be at most 1000',
        details: { basePoints: 'Points must be at most 1000' },
      }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Count E-mail' }));
    expect((await findToast('Error: Could not change KPI rule')).description).toEqual(['You do not have access to this.']);
    expect(screen.getByRole('switch', { name: 'Count E-mail' })).not.toBeChecked();

    dismissAllToasts();
    await user.click(within(await rowOf('Sale')).getByRole('button', { name: 'Edit Sale' }));
    const points = screen.getByLabelText('Points');
    await user.clear(points);
    await user.type(points, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await findToast('Error: Could not update KPI rule')).description).toEqual(['basePoints: Points must be at most 1000']);
    expect(screen.getByLabelText('Points')).toHaveValue(12);
  });

  it('says when the rules cannot load, and loads them again on Try again', async () => {
    let attempts = 0;
    stubServer({
      'GET /api/v1/kpi-rules': () =>
        ++attempts === 1 ? refuse(500, { code: 'internal', message: 'Something went wrong' }) : reply(200, startingRules()),
    });
    const user = renderPage();
    // The alert in the card (besides the toast): what failed, the server's reason, a way to try again.
    const alert = await findAlert('Error: Could not load KPI rules');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await ruleRows()).toHaveLength(10);
  });

  it('speaks Norwegian, numbers included', async () => {
    await i18n.changeLanguage('nb');
    const calls = stubServer();
    const user = renderPage();
    const rows = within(await screen.findByRole('list', { name: 'Poengregler' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Besvart samtale');
    expect(rows[0]).toHaveTextContent('1 poeng');
    expect(rows[5]).toHaveTextContent('Av');
    expect(rows[8]).toHaveTextContent('0,001 poeng per NOK');
    expect(rows[8]).toHaveTextContent('Et salg på NOK 10 000 gir 10 ekstra poeng');
    expect(rows[9]).toHaveTextContent('Dagsbonus for samtaler');
    expect(rows[9]).toHaveTextContent('Én gang om dagen, for samtalen som når 20 samtaler.');
    await user.click(within(rows[7]!).getByRole('button', { name: 'Rediger Salg' }));
    const points = screen.getByLabelText('Poeng');
    await user.clear(points);
    await user.type(points, '-3');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Skriv et helt tall fra 0 til 1000.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
  });
});
