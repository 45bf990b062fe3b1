import {
  type ActivityType,
  type ActivityTypeInput,
  type ActivityTypeList,
  BONUS_KINDS,
  type BuiltInKindBonus,
  type RenamedKind,
} from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestActivityType, makeTestKpiRules } from '@web/test/fixtures';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminActivityTypesPage } from './admin-activity-types-page';

const adminMe = makeTestAdminMe();

const type = (over: Partial<ActivityType> & Pick<ActivityType, 'id' | 'names'>): ActivityType =>
  makeTestActivityType({ icon: 'presentation', colour: 'green', points: 5, inUse: false, ...over });

const DEMO = type({
  id: 'demo',
  names: { en: 'Demo held', nb: 'Demo holdt' },
  outcomes: [{ id: 'next', names: { en: 'Next step booked' }, points: 3, celebrate: false, archived: false }],
  fields: [{ id: 'seats', names: { en: 'Seats' }, kind: 'number', required: true, options: [], pointsPerUnit: null, archived: false }],
  bonus: { threshold: 5, points: 10 },
  celebrate: false,
  inUse: true,
});
const OLD = type({ id: 'old', names: { en: 'Fax' }, icon: 'send', colour: 'grey', points: 1, archivedAt: '2026-11-01T10:00:00.000Z' });

function stubServer(start: ActivityType[] = [DEMO, OLD]) {
  const types = [...start];
  const builtIn: BuiltInKindBonus[] = BONUS_KINDS.map((key) => ({ key, bonus: null }));
  let renamedKinds: RenamedKind[] = [];
  const rules = makeTestKpiRules({ email: { enabled: true, basePoints: 1 } });
  return stubFetch({
    'PUT /api/v1/activity-types/built-in/meeting/names': (call) => {
      const { names } = call.body as { names: Record<string, string> | null };
      if (names?.en?.toLowerCase() === 'call')
        return refuse(409, { code: 'type_exists', message: 'A type named "Call" already exists (perhaps archived).' });
      renamedKinds = names ? [{ key: 'meeting', names }] : [];
      return reply(200, { renamedKinds });
    },
    'PUT /api/v1/activity-types/built-in/meeting/bonus': (call) => {
      builtIn[0] = { key: 'meeting', bonus: (call.body as { bonus: BuiltInKindBonus['bonus'] }).bonus };
      return reply(200, { builtIn });
    },
    ...Object.fromEntries(
      (['call', 'sale'] as const).map((kind) => [
        `PATCH /api/v1/kpi-rules/kinds/${kind}`,
        (call: RecordedCall) => {
          const { points, outcomes, perValue } = call.body as { points?: number; outcomes?: Record<string, number>; perValue?: number };
          if (perValue !== undefined && perValue > 100)
            return refuse(400, { code: 'validation_failed', message: 'Too many', details: { perValue: 'Too many points per value' } });
          const set: Record<string, number | undefined> = {
            [kind === 'call' ? 'call_answered' : 'sale']: points,
            moved_forward: outcomes?.moved_forward,
            meeting_booked: outcomes?.meeting_booked,
            call_unanswered: outcomes?.not_answered,
          };
          rules.rules = rules.rules.map((rule) => {
            if (rule.kpiKey === 'sale_ticket_size' && perValue !== undefined)
              return { ...rule, multiplierValue: perValue, enabled: perValue > 0 };
            const value = set[rule.kpiKey];
            return value === undefined ? rule : { ...rule, basePoints: value, enabled: true };
          });
          return reply(200, rules);
        },
      ]),
    ),
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/kpi-rules': () => reply(200, rules),
    ...Object.fromEntries(
      rules.rules.map((rule, index) => [
        `PATCH /api/v1/kpi-rules/${rule.id}`,
        (call: RecordedCall) => {
          rules.rules[index] = { ...rule, ...(call.body as object) };
          return reply(200, rules.rules[index]);
        },
      ]),
    ),
    'GET /api/v1/activity-types': () => reply(200, { types, myUse: {}, builtIn, renamedKinds } satisfies ActivityTypeList),
    'POST /api/v1/activity-types': (call) => {
      const input = call.body as ActivityTypeInput;
      if (input.names.en?.toLowerCase() === 'demo held') {
        return refuse(409, { code: 'type_exists', message: 'A type named "Demo held" already exists (perhaps archived).' });
      }
      const created = type({
        id: 'new',
        names: input.names as Record<string, string>,
        icon: input.icon,
        colour: input.colour,
        points: input.points,
      });
      types.push(created);
      return reply(201, created);
    },
    'POST /api/v1/activity-types/templates': () => {
      types.push(type({ id: 'demo', names: { en: 'Demo held', nb: 'Demo holdt' }, icon: 'presentation', colour: 'green', points: 5 }));
      return reply(200, { types, myUse: {}, builtIn, renamedKinds } satisfies ActivityTypeList);
    },
    'POST /api/v1/activity-types/old/restore': () => {
      types[1] = { ...OLD, archivedAt: null };
      return reply(200, types[1]);
    },
    'DELETE /api/v1/activity-types/old': () => {
      types.splice(1, 1);
      return reply(200, { ok: true });
    },
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AdminActivityTypesPage />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const sent = (recorded: RecordedCall[], method: string) =>
  recorded.filter((c) => c.method === method && c.path.startsWith('/api/v1/activity-types')).map((c) => [c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Activity types', () => {
  it('lists the built-in kinds and the company’s own types, archived ones said so, each with what it holds', async () => {
    stubServer();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your types' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Demo held', 'FaxArchived']);
    expect(within(rows[0]!).getByText('5 points · 1 outcome · 1 field · bonus 10 at 5 a day')).toBeInTheDocument();
    // In use: archived, never deleted; the unused archived one may go.
    expect(within(rows[0]!).queryByRole('button', { name: 'Delete “Demo held”' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Restore “Fax”' })).toBeInTheDocument();
    for (const kind of ['Call', 'Meeting held', 'Sale', 'E-mail', 'LinkedIn']) expect(screen.getByText(kind)).toBeInTheDocument();
    // What each kind is worth, from the point rules, as the log buttons promise it.
    const kinds = within(screen.getByRole('list', { name: 'Built in' })).getAllByRole('listitem');
    await waitFor(() => expect(kinds[0]).toHaveTextContent('0–5 points by outcome · Daily bonus under KPI Rules'));
    expect(kinds[1]).toHaveTextContent('3 points · No daily bonus');
    expect(kinds[3]).toHaveTextContent('1 point · No daily bonus');
    expect(kinds[4]).toHaveTextContent('Turned off · No daily bonus');
    expect(screen.getByRole('link', { name: 'KPI Rules' })).toHaveAttribute('href', '/app/admin/kpi');
  });

  it('sets a daily bonus on a built-in kind: the contract’s refusal before anything is sent, then saved and shown', async () => {
    const recorded = stubServer();
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Built in' });
    const meeting = within(builtIn).getAllByRole('listitem')[1]!;
    expect(await within(meeting).findByText(/No daily bonus$/)).toBeInTheDocument();
    // A call's bonus is the point rule's.
    expect(within(builtIn).getAllByRole('listitem')[0]).toHaveTextContent('Daily bonus under KPI Rules');
    expect(within(builtIn).queryByRole('button', { name: 'Daily bonus: Call' })).toBeNull();

    await user.click(within(meeting).getByRole('button', { name: 'Daily bonus: Meeting held' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily bonus: Meeting held' }));
    await user.click(dialog.getByRole('switch', { name: 'Extra points for reaching a number in a day' }));
    const threshold = dialog.getByRole('textbox', { name: 'How many in a day' });
    expect(dialog.getByText('The one that brings a day to 5 earns 5 extra points, once a day.')).toBeInTheDocument();
    // What it means only once both are numbers.
    await user.clear(threshold);
    await user.type(threshold, 'tre');
    expect(dialog.queryByText(/brings a day to/)).toBeNull();
    await user.clear(threshold);
    await user.type(threshold, '1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The bonus needs at least 2 activities a day')).toBeInTheDocument();
    expect(sent(recorded, 'PUT')).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '3');
    const points = dialog.getByRole('textbox', { name: 'Extra points' });
    await user.clear(points);
    await user.type(points, '10');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the daily bonus for Meeting held')).toBeInTheDocument();
    expect(sent(recorded, 'PUT')).toEqual([['/api/v1/activity-types/built-in/meeting/bonus', { bonus: { threshold: 3, points: 10 } }]]);
    expect(await within(builtIn).findByText(/bonus 10 at 3 a day$/)).toBeInTheDocument();
  });

  it('renames a built-in kind: the contract’s refusal before anything is sent, the server’s beside the names, then the app’s names back', async () => {
    const recorded = stubServer();
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Built in' });
    await user.click(await within(builtIn).findByRole('button', { name: 'Rename Meeting held' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Rename Meeting held' }));
    // An empty field shows the app's name; none given is refused before anything is sent.
    const english = dialog.getByRole('textbox', { name: 'English' });
    expect(english).toHaveAttribute('placeholder', 'Meeting held');
    expect(dialog.queryByRole('button', { name: 'Use Dealboard’s names' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Give it a name')).toBeInTheDocument();
    expect(sent(recorded, 'PUT')).toEqual([]);

    await user.type(english, 'Call');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A type named "Call" already exists (perhaps archived).')).toBeInTheDocument();
    expect(english).toHaveValue('Call');

    await user.clear(english);
    await user.type(english, 'Demo');
    await user.type(dialog.getByRole('textbox', { name: 'Norsk (bokmål)' }), ' Demo ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the new name for Meeting held')).toBeInTheDocument();
    expect(sent(recorded, 'PUT').at(-1)).toEqual(['/api/v1/activity-types/built-in/meeting/names', { names: { en: 'Demo', nb: 'Demo' } }]);
    const meeting = within(builtIn).getAllByRole('listitem')[1]!;
    await within(meeting).findByRole('button', { name: 'Rename Demo' });
    expect(meeting).toHaveTextContent('Demo · Dealboard: Meeting held');

    await user.click(within(meeting).getByRole('button', { name: 'Rename Demo' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Rename Demo' }));
    expect(dialog.getByRole('textbox', { name: 'English' })).toHaveValue('Demo');
    await user.click(dialog.getByRole('button', { name: 'Use Dealboard’s names' }));
    expect(await screen.findByText('Meeting held has Dealboard’s name again')).toBeInTheDocument();
    expect(sent(recorded, 'PUT').at(-1)).toEqual(['/api/v1/activity-types/built-in/meeting/names', { names: null }]);
    expect(await within(builtIn).findByText('Meeting held')).toBeInTheDocument();
  });

  it('turns a kind only some teams log off and on by its point rule; a call or a sale has no switch', async () => {
    const recorded = stubServer();
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Built in' });
    const meeting = await within(builtIn).findByRole('switch', { name: 'Meeting held can be logged' });
    expect(meeting).toBeChecked();
    expect(within(builtIn).getByRole('switch', { name: 'E-mail can be logged' })).toBeChecked();
    expect(within(builtIn).getByRole('switch', { name: 'LinkedIn can be logged' })).not.toBeChecked();
    // None on a call or a sale: they are always logged.
    expect(within(builtIn).getAllByRole('switch')).toHaveLength(3);
    expect(within(within(builtIn).getAllByRole('listitem')[0]!).queryByRole('switch')).toBeNull();
    expect(within(within(builtIn).getAllByRole('listitem')[2]!).queryByRole('switch')).toBeNull();

    const meetingRule = makeTestKpiRules().rules.find((rule) => rule.kpiKey === 'meeting_completed')!.id;
    await user.click(meeting);
    expect(await screen.findByText('Meeting held turned off: it has left the log menus and keeps its history')).toBeInTheDocument();
    expect(recorded.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`/api/v1/kpi-rules/${meetingRule}`, { enabled: false }],
    ]);
    await waitFor(() => expect(within(builtIn).getAllByRole('listitem')[1]).toHaveTextContent('Turned off'));
    expect(meeting).not.toBeChecked();
  });

  it('sets what a call is worth in one save: the contract’s refusal before anything is sent, then saved and shown', async () => {
    const recorded = stubServer();
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Built in' });
    const call = within(builtIn).getAllByRole('listitem')[0]!;
    expect(await within(call).findByText(/^0–5 points by outcome/)).toBeInTheDocument();
    await user.click(within(call).getByRole('button', { name: 'Points: Call' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Points: Call' }));
    // What the rules say now, and what an answered call earns with each outcome.
    const answered = dialog.getByRole('textbox', { name: 'Each answered call' });
    expect(answered).toHaveValue('0');
    expect(dialog.getByRole('textbox', { name: 'Meeting booked: extra' })).toHaveValue('5');
    expect(
      dialog.getByText('Points for an answered call: 0 with no progress, 1 when it moved forward, 5 with a meeting booked.'),
    ).toBeInTheDocument();

    await user.clear(answered);
    await user.type(answered, '-1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Points must be at least 0')).toBeInTheDocument();
    expect(recorded.filter((c) => c.path.startsWith('/api/v1/kpi-rules/kinds'))).toEqual([]);

    await user.clear(answered);
    await user.type(answered, '1');
    const notAnswered = dialog.getByRole('textbox', { name: 'Each call not answered' });
    await user.clear(notAnswered);
    await user.type(notAnswered, '2');
    expect(
      dialog.getByText('Points for an answered call: 1 with no progress, 2 when it moved forward, 6 with a meeting booked.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved what Call is worth')).toBeInTheDocument();
    expect(recorded.filter((c) => c.path.startsWith('/api/v1/kpi-rules/kinds')).map((c) => [c.path, c.body])).toEqual([
      // Only what was changed: another admin's change meanwhile to another part stands.
      ['/api/v1/kpi-rules/kinds/call', { points: 1, outcomes: { not_answered: 2 } }],
    ]);
    expect(await within(call).findByText(/^1–6 points by outcome/)).toBeInTheDocument();
  });

  it('sets a sale’s points per value as the reader writes a decimal, and shows the server’s refusal at its field', async () => {
    const recorded = stubServer();
    await i18n.changeLanguage('nb');
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Innebygd' });
    await user.click(await within(builtIn).findByRole('button', { name: 'Poeng: Salg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Poeng: Salg' }));
    const perValue = dialog.getByRole('textbox', { name: 'Poeng per NOK av verdien' });
    expect(perValue).toHaveValue('0');
    await user.clear(perValue);
    await user.type(perValue, '500');
    await user.click(dialog.getByRole('button', { name: 'Lagre' }));
    expect(await dialog.findByText('Too many points per value')).toBeInTheDocument();
    expect(perValue).toHaveAttribute('aria-invalid', 'true');
    await user.clear(perValue);
    await user.type(perValue, '0,5');
    await user.click(dialog.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Poengene for Salg er lagret')).toBeInTheDocument();
    expect(recorded.filter((c) => c.path.startsWith('/api/v1/kpi-rules/kinds')).map((c) => c.body)).toEqual([
      { perValue: 500 },
      { perValue: 0.5 },
    ]);
    expect(await within(builtIn).findByText(/^fra 10 poeng, mer med verdien/)).toBeInTheDocument();
  });

  it('says a kind that is turned off earns its points once it is turned on', async () => {
    stubServer();
    const user = renderPage();
    const builtIn = await screen.findByRole('list', { name: 'Built in' });
    await user.click(await within(builtIn).findByRole('button', { name: 'Points: LinkedIn' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Points: LinkedIn' }));
    expect(dialog.getByText('LinkedIn is turned off: these points count once it is turned on.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Points for each one' })).toHaveValue('0');
    expect(dialog.queryByRole('textbox', { name: /Each answered call/ })).toBeNull();
  });

  it('offers the templates when the company has no type of its own, and adds one', async () => {
    const recorded = stubServer([]);
    const user = renderPage();
    expect(await screen.findByText('No types of your own yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SDR team' }));
    expect(await screen.findByRole('list', { name: 'Your types' })).toHaveTextContent('Demo held');
    expect(sent(recorded, 'POST')).toEqual([['/api/v1/activity-types/templates', { template: 'sdr' }]]);
  });

  it('creates a type: the contract’s refusals show before anything is sent, the server’s beside the name', async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your types' });
    await user.click(screen.getByRole('button', { name: 'New type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New activity type' });
    const editor = within(dialog);

    await user.click(editor.getByRole('button', { name: 'Create type' }));
    expect(await editor.findByText('Give it a name')).toBeInTheDocument();
    expect(sent(recorded, 'POST')).toEqual([]);

    await user.type(editor.getByRole('textbox', { name: 'Name · English' }), 'Demo held');
    await user.click(editor.getByRole('radio', { name: 'Rocket' }));
    await user.click(editor.getByRole('button', { name: 'Add outcome' }));
    await user.type(editor.getByRole('textbox', { name: 'Outcome 1, name' }), 'Won');
    const outcomePoints = editor.getByRole('textbox', { name: 'Outcome 1, extra points' });
    await user.clear(outcomePoints);
    await user.type(outcomePoints, '4');
    await user.click(editor.getByRole('button', { name: 'Add field' }));
    await user.type(editor.getByRole('textbox', { name: 'Field 1, name' }), 'Seats');
    await user.click(editor.getByRole('checkbox', { name: 'Required' }));
    // Celebrated when it is won (decision 105): the outcome is offered by its name once it has one.
    await user.click(editor.getByRole('checkbox', { name: 'Won' }));
    // The Norwegian name, given in its own language.
    await user.click(editor.getByRole('radio', { name: 'Norsk (bokmål)' }));
    await user.type(editor.getByRole('textbox', { name: 'Name · Norsk (bokmål)' }), 'Demo holdt');

    await user.click(editor.getByRole('button', { name: 'Create type' }));
    expect(await editor.findByText('A type named "Demo held" already exists (perhaps archived).')).toBeInTheDocument();
    await user.click(editor.getByRole('radio', { name: 'English' }));
    const name = editor.getByRole('textbox', { name: 'Name · English' });
    await user.clear(name);
    await user.type(name, 'Product demo');
    await user.click(editor.getByRole('button', { name: 'Create type' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const bodies = sent(recorded, 'POST').map(([, body]) => body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      names: { en: 'Product demo', nb: 'Demo holdt', sv: '', da: '' },
      icon: 'rocket',
      colour: 'blue',
      points: 1,
      outcomes: [{ names: { en: 'Won', nb: '', sv: '', da: '' }, points: 4, celebrate: true }],
      fields: [{ names: { en: 'Seats', nb: '', sv: '', da: '' }, kind: 'number', required: true }],
      bonus: null,
      celebrate: false,
    });
    expect(within(screen.getByRole('list', { name: 'Your types' })).getByText('Product demo')).toBeInTheDocument();
  });

  it('edits a type in use: its saved field keeps its kind, a new one may be any', async () => {
    stubServer();
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your types' });
    await user.click(screen.getByRole('button', { name: 'Edit “Demo held”' }));
    const editor = within(await screen.findByRole('dialog', { name: 'Edit activity type' }));
    expect(editor.getByRole('textbox', { name: 'Name · English' })).toHaveValue('Demo held');
    expect(editor.getByRole('textbox', { name: 'Outcome 1, name' })).toHaveValue('Next step booked');
    expect(editor.queryByRole('combobox', { name: 'Field 1, kind' })).toBeNull();
    expect(editor.getByTitle('kept: activities were logged with it')).toHaveTextContent('Number, kept: activities were logged with it');
    await user.click(editor.getByRole('button', { name: 'Add field' }));
    expect(editor.getByRole('combobox', { name: 'Field 2, kind' })).toBeInTheDocument();
  });

  it('restores an archived type and deletes an unused one after asking', async () => {
    const recorded = stubServer();
    const user = renderPage();
    await screen.findByRole('list', { name: 'Your types' });
    await user.click(screen.getByRole('button', { name: 'Restore “Fax”' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Archive “Fax”' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete “Fax”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Fax”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('Fax')).toBeNull());
    expect([...sent(recorded, 'POST'), ...sent(recorded, 'DELETE')]).toEqual([
      ['/api/v1/activity-types/old/restore', undefined],
      ['/api/v1/activity-types/old', undefined],
    ]);
  });

  it('reads in Norwegian, names included', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ny type' })).toBeInTheDocument();
    expect(await screen.findByText('Demo holdt')).toBeInTheDocument();
    expect(screen.getByText('5 poeng · 1 utfall · 1 felt · bonus 10 ved 5 om dagen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gjenopprett «Fax»' })).toBeInTheDocument();
  });
});
