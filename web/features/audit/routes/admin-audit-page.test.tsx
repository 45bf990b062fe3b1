import type { AuditEntry, AuditLogPage } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, type RecordedCall, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AuditPage } from './admin-audit-page';

const adminMe = makeTestAdminMe();

const ada = { id: 'user-ada', name: 'Ada Admin', state: 'member' } as const;

let nextId = 0;
function entry(over: Partial<AuditEntry> & Pick<AuditEntry, 'action'>): AuditEntry {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    actor: ada,
    target: null,
    details: {},
    at: '2026-11-24T08:00:00.000Z',
    ...over,
  };
}
const member = (id: string, label: string | null, removed = false) => ({ type: 'member', id, label, removed });

/** A morning in the admin console, newest first (Oslo is UTC+1 in November). */
const ENTRIES: AuditEntry[] = [
  entry({
    action: 'member.role_changed',
    target: member('user-rita', 'Rita Rep'),
    details: { from: 'user', to: 'admin' },
    at: '2026-11-24T08:15:00.000Z',
  }),
  entry({
    action: 'kpi_rule.changed',
    target: { type: 'kpi_rule', id: 'r1', label: 'call_answered', removed: null },
    details: { kpiKey: 'call_answered', changes: { basePoints: { from: 1, to: 2 } } },
  }),
  entry({
    action: 'kpi_rule.changed',
    target: { type: 'kpi_rule', id: 'r2', label: 'sale_ticket_size', removed: null },
    details: { kpiKey: 'sale_ticket_size', changes: { enabled: { from: false, to: true }, multiplierValue: { from: 0, to: 0.001 } } },
  }),
  entry({
    action: 'member.removed',
    actor: { id: 'user-bjorn', name: 'Bjørn Boss', state: 'removed' },
    target: member('user-kasper', 'Kasper Kollega', true),
    details: { role: 'user' },
  }),
  entry({
    action: 'invitation.created',
    target: { type: 'invitation', id: 'i1', label: null, removed: null },
    details: { role: 'admin', expiresAt: '2026-12-01T08:00:00.000Z' },
  }),
  entry({
    action: 'invitation.revoked',
    actor: { id: 'user-gone', name: null, state: 'former' },
    details: { role: 'user', status: 'expired' },
  }),
  entry({
    action: 'display_link.created',
    target: { type: 'display_link', id: 'd1', label: 'Lobby TV', removed: null },
    details: { name: 'Lobby TV' },
  }),
  entry({ action: 'company.updated', details: { changes: { timezone: { from: 'Europe/Oslo', to: 'America/New_York' } } } }),
  entry({ action: 'signup_policy.changed', details: { policy: { from: 'open', to: 'access_code' }, accessCode: 'set' } }),
  entry({ action: 'member.erased', actor: { id: null, name: null, state: 'system' }, target: member('user-x', null) }),
  entry({
    action: 'kpi_rule.changed',
    target: { type: 'kpi_rule', id: 'r3', label: 'daily_call_bonus_20', removed: null },
    details: { kpiKey: 'daily_call_bonus_20', changes: { threshold: { from: 20, to: 12 } } },
  }),
];

const page = (entries: AuditEntry[], nextCursor: string | null = null): StubReply =>
  reply(200, { entries, nextCursor } satisfies AuditLogPage);

/** The audit page inside the app's providers, with GET /admin/audit-log answered by `answer`. */
function renderPage(answer: (call: RecordedCall) => StubReply | Promise<StubReply>) {
  const calls = stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/admin/audit-log': answer,
    // The company's members: the names of those an entry mentions besides its target.
    'GET /api/v1/team/members': reply(200, {
      members: [
        {
          id: 'p-eva',
          userId: 'user-eva',
          displayName: 'Eva Rep',
          email: 'eva@example.com',
          role: 'user',
          avatarUrl: null,
          joinedAt: '2026-11-01T08:00:00.000Z',
          teamId: null,
          onBoards: true,
        },
      ],
    }),
  });
  renderWithProviders(
    <AuthProvider>
      <AuditPage />
    </AuthProvider>,
    { me: adminMe },
  );
  const logCalls = () =>
    calls.filter((c) => c.path === '/api/v1/admin/audit-log').map((c) => Object.fromEntries(new URLSearchParams(c.search)));
  return { logCalls };
}

const rows = async () =>
  within(await screen.findByRole('list', { name: /Audit log entries|Oppføringer i revisjonsloggen/ }))
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-audit-action'));

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('Audit log page', () => {
  it('words each action in English with who did it and when, in the company time zone', async () => {
    const { logCalls } = renderPage(() => page(ENTRIES));
    const items = await rows();
    const summaries = items.map((li) => li.querySelector('p')!.textContent);
    expect(summaries).toEqual([
      'Made Rita Rep an admin',
      'Changed Answered call points 1 → 2',
      'Changed Sale value bonus',
      'Removed Kasper Kollega from the company',
      'Created an invitation for a new admin',
      'Deleted an expired invitation (User)',
      'Created the display link “Lobby TV”',
      'Changed the time zone Europe/Oslo → America/New_York',
      'Changed the sign-up policy',
      'Erased the personal data of a former member',
      'Changed the calls a day for Daily call bonus 20 → 12',
    ]);
    // Who and when: 08:15 UTC is 09:15 in Oslo.
    expect(items[0]).toHaveTextContent('Ada Admin');
    expect(within(items[0]!).getByText('24 Nov 2026, 09:15')).toHaveAttribute('datetime', '2026-11-24T08:15:00.000Z');
    expect(screen.getByText('Times in Europe/Oslo')).toBeInTheDocument();
    // Several changes at once: one line each.
    expect(
      within(items[2]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Turned on', 'Points per NOK 0 → 0.001']);
    // The access code itself is never in the log: only that it was set.
    expect(
      within(items[8]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Who can create an account: Open → Access code required', 'Access code set']);
    expect(items[3]).toHaveTextContent('Bjørn Boss (removed)');
    expect(items[4]).toHaveTextContent('Expires 1 Dec 2026, 09:00');
    expect(items[5]).toHaveTextContent('Former member');
    expect(items[9]).toHaveTextContent('System');
    expect(logCalls()).toEqual([{ limit: '50' }]);
  });

  it('words them in Norwegian for Norwegian readers', async () => {
    await i18n.changeLanguage('nb');
    renderPage(() => page(ENTRIES));
    const items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Gjorde Rita Rep til administrator',
      'Endret poeng for Besvart samtale 1 → 2',
      'Endret Bonus for salgsverdi',
      'Fjernet Kasper Kollega fra selskapet',
      'Opprettet en invitasjon for en ny administrator',
      'Slettet en utløpt invitasjon (Bruker)',
      'Opprettet skjermlenken «Lobby TV»',
      'Endret tidssonen Europe/Oslo → America/New_York',
      'Endret registreringsreglene',
      'Slettet personopplysningene til et tidligere medlem',
      'Endret antall samtaler per dag for Dagsbonus for samtaler 20 → 12',
    ]);
    expect(
      within(items[2]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Slått på', 'Poeng per NOK 0 → 0,001']);
    expect(
      within(items[8]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hvem som kan lage konto: Åpen → Krever tilgangskode', 'Tilgangskode satt']);
    expect(items[3]).toHaveTextContent('Bjørn Boss (fjernet)');
    expect(items[5]).toHaveTextContent('Tidligere medlem');
    expect(screen.getByRole('heading', { name: 'Revisjonslogg' })).toBeInTheDocument();
  });

  it("words exports of others' data and API tokens made and revoked, in both languages", async () => {
    const DATA_OUT: AuditEntry[] = [
      entry({
        action: 'export.downloaded',
        target: { type: 'company', id: 'c1', label: null, removed: null },
        details: { kind: 'activities', format: 'xlsx', from: '2026-11-01', to: '2026-11-30' },
      }),
      entry({ action: 'export.downloaded', target: member('user-rita', 'Rita Rep'), details: { kind: 'wrapups', format: 'csv' } }),
      entry({
        action: 'api_token.created',
        actor: { id: 'user-rita', name: 'Rita Rep', state: 'member' },
        target: member('user-rita', 'Rita Rep'),
        details: { name: 'Power BI', scopes: ['activities:read', 'stats:read'], expiresAt: null },
      }),
      entry({ action: 'api_token.revoked', target: member('user-rita', 'Rita Rep'), details: { name: 'Power BI' } }),
      entry({
        action: 'api_token.revoked',
        actor: { id: 'user-rita', name: 'Rita Rep', state: 'member' },
        target: member('user-rita', 'Rita Rep'),
        details: { name: 'Old script' },
      }),
    ];
    renderPage(() => page(DATA_OUT));
    let items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      "Exported everyone's activities (XLSX)",
      "Exported Rita Rep's daily wrap-ups (CSV)",
      'Created the API token “Power BI”',
      "Revoked Rita Rep's API token “Power BI”",
      'Revoked their API token “Old script”',
    ]);
    expect(items[0]).toHaveTextContent('Days 2026-11-01 – 2026-11-30');
    expect(items[2]).toHaveTextContent('Scopes: activities:read, stats:read');
    expect(items[2]).toHaveTextContent('Never expires');

    await i18n.changeLanguage('nb');
    items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Eksporterte alles aktiviteter (XLSX)',
      'Eksporterte dagsoppsummeringer for Rita Rep (CSV)',
      'Opprettet API-nøkkelen «Power BI»',
      'Tilbakekalte API-nøkkelen «Power BI» til Rita Rep',
      'Tilbakekalte sin API-nøkkel «Old script»',
    ]);
  });

  it('words webhook endpoints and chat channels added, changed, rotated and removed, in both languages', async () => {
    const hook = { type: 'webhook', id: 'w1', label: null, removed: null };
    const WHERE_EVENTS_GO: AuditEntry[] = [
      entry({
        action: 'webhook.created',
        target: hook,
        details: { kind: 'webhook', host: 'crm.example.com', events: ['sale.created', 'goal.reached'] },
      }),
      entry({
        action: 'webhook.changed',
        target: hook,
        details: { kind: 'webhook', host: 'crm.example.com', fields: ['enabled', 'events'], enabled: false },
      }),
      entry({ action: 'webhook.secret_rotated', target: hook, details: { host: 'crm.example.com' } }),
      entry({ action: 'webhook.created', target: hook, details: { kind: 'slack', host: 'hooks.slack.com', events: ['sale.created'] } }),
      entry({ action: 'webhook.deleted', target: hook, details: { kind: 'teams', host: 'example.webhook.office.com' } }),
    ];
    renderPage(() => page(WHERE_EVENTS_GO));
    let items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Added a webhook endpoint at crm.example.com',
      'Changed the webhook endpoint at crm.example.com',
      'Rotated the signing secret of the webhook endpoint at crm.example.com',
      'Connected a Slack channel',
      'Disconnected a Microsoft Teams channel',
    ]);
    expect(items[0]).toHaveTextContent('Events: sale.created, goal.reached');
    expect(items[1]).toHaveTextContent('Turned it off');
    expect(items[1]).toHaveTextContent('Changed: events');

    await i18n.changeLanguage('nb');
    items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'La til et webhook-endepunkt på crm.example.com',
      'Endret webhook-endepunktet på crm.example.com',
      'Byttet signeringshemmeligheten til webhook-endepunktet på crm.example.com',
      'Koblet til en Slack-kanal',
      'Koblet fra en Microsoft Teams-kanal',
    ]);
    expect(items[1]).toHaveTextContent('Endret: hendelser');
  });

  it('words team changes, targets, goals set for someone and the working calendar, in both languages', async () => {
    const oslo = { type: 'team', id: 't1', label: 'Oslo', removed: null };
    const company = { type: 'company', id: 'c1', label: null, removed: null };
    const LEADS_AND_TARGETS: AuditEntry[] = [
      entry({ action: 'team.created', target: oslo, details: { name: 'Oslo' } }),
      entry({ action: 'team.renamed', target: oslo, details: { from: 'Oslo', to: 'Oslo Sentrum' } }),
      entry({ action: 'team.leads_changed', target: oslo, details: { name: 'Oslo', added: ['u1', 'u2'], removed: ['u3'] } }),
      entry({ action: 'member.team_changed', target: member('user-rita', 'Rita Rep'), details: { from: 'Bergen', to: 'Oslo' } }),
      entry({
        action: 'target.set',
        target: oslo,
        details: { subjectKind: 'team', teamName: 'Oslo', metric: 'calls', period: 'week', value: 300, effectiveFrom: '2026-11-30' },
      }),
      entry({
        action: 'target.ended',
        target: member('user-rita', 'Rita Rep'),
        details: { subjectKind: 'person', metric: 'sales_value', period: 'month', value: 5_000_000, removed: false },
      }),
      entry({
        action: 'goals.set',
        target: member('user-rita', 'Rita Rep'),
        details: {
          dailyCalls: 30,
          dailyMeetings: 3,
          dailySales: 1,
          types: [{ typeId: 'ty1', names: { en: 'Door knock', nb: 'Dørbank' }, goal: 40 }],
        },
      }),
      entry({ action: 'calendar.country_changed', target: company, details: { from: 'NO', to: 'SE' } }),
      entry({ action: 'calendar.day_off_added', target: company, details: { date: '2026-12-24', label: 'Julaften' } }),
      entry({ action: 'team.deleted', target: oslo, details: { name: 'Oslo Sentrum' } }),
      entry({ action: 'invitation.created', details: { role: 'user', expiresAt: '2026-12-01T10:00:00.000Z', teamName: 'Oslo' } }),
    ];
    renderPage(() => page(LEADS_AND_TARGETS));
    let items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Created the team “Oslo”',
      'Renamed the team “Oslo” → “Oslo Sentrum”',
      'Changed the leads of “Oslo”',
      'Moved Rita Rep from “Bergen” to “Oslo”',
      'Set a target for the team “Oslo”: 300 calls per week',
      'Ended the target for Rita Rep: 50,000 NOK sales value per month',
      'Set the daily goals of Rita Rep',
      'Changed the holiday country Norway → Sweden',
      'Added the day off “Julaften” on Thu 24 Dec',
      'Deleted the team “Oslo Sentrum”',
      'Created an invitation for a new user',
    ]);
    expect(items[10]).toHaveTextContent('Into the team “Oslo”');
    expect(items[2]).toHaveTextContent('2 leads added');
    expect(items[2]).toHaveTextContent('1 lead removed');
    expect(items[6]).toHaveTextContent('30 calls, 3 meetings, 1 sales a day');
    // The goals on own types (decision 106), by the type's name as it was.
    expect(items[6]).toHaveTextContent('Door knock 40 a day on own types');

    await i18n.changeLanguage('nb');
    items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Opprettet teamet «Oslo»',
      'Omdøpte teamet «Oslo» → «Oslo Sentrum»',
      'Endret lederne for «Oslo»',
      'Flyttet Rita Rep fra «Bergen» til «Oslo»',
      'Satte et mål for teamet «Oslo»: 300 samtaler per uke',
      'Avsluttet målet for Rita Rep: 50\u00a0000 NOK salgsverdi per måned',
      'Satte dagsmålene til Rita Rep',
      'Endret helligdagsland Norge → Sverige',
      'La til fridagen «Julaften» tor. 24. des.',
      'Slettet teamet «Oslo Sentrum»',
      'Opprettet en invitasjon for en ny bruker',
    ]);
    expect(items[10]).toHaveTextContent('Inn i teamet «Oslo»');
    expect(items[6]).toHaveTextContent('Dørbank 40 per dag på egne typer');
  });

  it('names an own type and a KPI in the reader’s language, and a KPI’s target by its KPI (decisions 100, 101, 104)', async () => {
    const names = { en: 'Door knock', nb: 'Dørbank' };
    const OWN: AuditEntry[] = [
      entry({
        action: 'activity_type.created',
        target: { type: 'activity_type', id: 'a1', label: null, removed: null },
        details: { name: 'Door knock', names },
      }),
      entry({
        action: 'kpi.created',
        target: { type: 'kpi', id: 'k1', label: null, removed: null },
        details: { name: 'Contracts', names: { en: 'Contracts', nb: 'Kontrakter' } },
      }),
      entry({ action: 'kpi.deleted', target: { type: 'kpi', id: 'k2', label: null, removed: null }, details: { name: 'Old KPI' } }),
      entry({
        action: 'target.set',
        target: member('user-rita', 'Rita Rep'),
        details: {
          subjectKind: 'person',
          metric: 'kpi',
          kpiId: 'k3',
          kpiName: 'Contract value',
          kpiNames: { en: 'Contract value', nb: 'Kontraktsverdi' },
          kpiFormat: 'money',
          period: 'month',
          value: 5_000_000,
          effectiveFrom: '2026-12-01',
        },
      }),
    ];
    renderPage(() => page(OWN));
    let items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Created the activity type “Door knock”',
      'Created the KPI “Contracts”',
      'Deleted the KPI “Old KPI”',
      'Set a target for Rita Rep: 50,000 NOK Contract value per month',
    ]);
    await i18n.changeLanguage('nb');
    items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Opprettet aktivitetstypen «Dørbank»',
      'Opprettet KPI-en «Kontrakter»',
      'Slettet KPI-en «Old KPI»',
      'Satte et mål for Rita Rep: 50\u00a0000 NOK Kontraktsverdi per måned',
    ]);
  });

  it("words corrections of others' activities, logs for them and customer changes as sentences, in both languages", async () => {
    const carina = member('user-carina', 'Carina Rep');
    const base = { activityId: 'a1', operation: 'updated', localDate: '2026-11-20' };
    const customer = { type: 'customer', id: 'c1', label: null, removed: null };
    const CORRECTIONS: AuditEntry[] = [
      entry({
        action: 'activity.corrected',
        target: carina,
        details: { ...base, type: 'sale', fromUserId: 'user-carina', toUserId: 'user-eva', fields: ['userId'] },
      }),
      entry({
        action: 'activity.corrected',
        target: carina,
        details: { ...base, type: 'meeting', fromType: 'call_answered', fields: ['type'] },
      }),
      entry({
        action: 'activity.corrected',
        target: carina,
        details: { ...base, type: 'call_answered', from: '2026-11-19', fields: ['localDate'] },
      }),
      entry({ action: 'activity.logged_for', target: carina, details: { activityId: 'a2', type: 'sale', localDate: '2026-11-20' } }),
      entry({ action: 'customer.changed', target: customer, details: { name: 'Nordlys AS', renamedFrom: 'Nordlys Typo', archived: true } }),
      entry({ action: 'customer.changed', target: customer, details: { name: 'Nordlys AS', archived: false } }),
    ];
    renderPage(() => page(CORRECTIONS));
    let items = await rows();
    await within(items[0]!).findByText('Moved a sale from Carina Rep to Eva Rep (Fri 20 Nov)');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Moved a sale from Carina Rep to Eva Rep (Fri 20 Nov)',
      'Changed a held meeting by Carina Rep on Fri 20 Nov',
      'Moved an answered call by Carina Rep from Thu 19 Nov to Fri 20 Nov',
      'Logged a sale for Carina Rep on Fri 20 Nov',
      'Renamed the customer “Nordlys Typo” to “Nordlys AS”',
      'Restored the customer “Nordlys AS”',
    ]);
    expect(items[1]).toHaveTextContent('Was an answered call');
    expect(items[4]).toHaveTextContent('Archived the customer “Nordlys AS”');

    await i18n.changeLanguage('nb');
    items = await rows();
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Flyttet et salg fra Carina Rep til Eva Rep (fre. 20. nov.)',
      'Endret et avholdt møte ført av Carina Rep den fre. 20. nov.',
      'Flyttet en besvart samtale ført av Carina Rep fra tor. 19. nov. til fre. 20. nov.',
      'Førte et salg for Carina Rep den fre. 20. nov.',
      'Endret navnet på kunden «Nordlys Typo» til «Nordlys AS»',
      'Gjenopprettet kunden «Nordlys AS»',
    ]);
    expect(items[1]).toHaveTextContent('Var en besvart samtale');
  });

  it('loads older entries with “Load more” until there are none, from the keyboard', async () => {
    const { logCalls } = renderPage((call) =>
      new URLSearchParams(call.search).get('cursor') === 'cursor-1' ? page(ENTRIES.slice(3)) : page(ENTRIES.slice(0, 3), 'cursor-1'),
    );
    expect(await rows()).toHaveLength(3);
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(async () => expect(await rows()).toHaveLength(ENTRIES.length));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(logCalls()).toEqual([{ limit: '50' }, { limit: '50', cursor: 'cursor-1' }]);
  });

  it('asks the server for one kind at a time and says when there is none of it', async () => {
    const { logCalls } = renderPage((call) => (new URLSearchParams(call.search).get('action') ? page([]) : page(ENTRIES)));
    await rows();
    const user = userEvent.setup();
    const filter = screen.getByRole('combobox', { name: 'Show' });
    expect(filter).toHaveTextContent('All actions');
    filter.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'KPI rule changes' }));
    expect(await screen.findByText('Nothing under “KPI rule changes”')).toBeInTheDocument();
    expect(logCalls().at(-1)).toEqual({ limit: '50', action: 'kpi_rule.changed' });
  });

  it('shows a skeleton while loading, then the empty state for a new company', async () => {
    let answer: (value: StubReply) => void = () => undefined;
    renderPage(() => new Promise<StubReply>((resolve) => (answer = resolve)));
    await vi.waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.queryByRole('list', { name: 'Audit log entries' })).not.toBeInTheDocument();
    answer(page([]));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });

  it('says when the log could not load, with the reason, and tries again', async () => {
    let attempts = 0;
    renderPage(() => {
      attempts += 1;
      return attempts === 1 ? reply(500, { error: { code: 'internal', message: 'Something went wrong' } }) : page(ENTRIES.slice(0, 1));
    });
    expect(await screen.findByText('Loading error: Could not load the audit log')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('names a person who deleted their own account a former member, and says so (decision 022)', async () => {
    const gone = { id: 'user-gone', name: null, state: 'former' } as const;
    renderPage(() =>
      page([
        entry({ action: 'member.erased', actor: gone, target: member('user-gone', null), details: { accountErased: true } }),
        entry({ action: 'member.data_exported', target: member('user-rita', 'Rita Rep'), details: {} }),
      ]),
    );
    const [deleted, exported] = await rows();
    expect(deleted!.querySelector('p')!.textContent).toBe('Deleted their own account');
    expect(deleted).toHaveTextContent('Former member');
    expect(exported!.querySelector('p')!.textContent).toBe('Exported the personal data of Rita Rep');
  });
});
