import type {
  CompanySettings,
  Customer,
  CustomerList,
  InvitationList,
  KpiRuleList,
  Me,
  ProfileSettings,
  SignupPolicySettings,
  TeamMemberList,
} from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestKpiRules } from '@web/test/fixtures';
import { makeTestAdminMe, makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as SettingsPage } from './settings-page';

const company = {
  id: 'company-1',
  name: 'Fjordsalg AS',
  timezone: 'Europe/Oslo',
  currency: 'NOK',
  language: null,
  logoUrl: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  lateLoggingDays: 7,
  counts: { members: 3, activities: 1234, customers: 12 },
} satisfies CompanySettings;

const profile = {
  displayName: 'Rita Rep',
  avatarUrl: null,
  email: 'rita@example.com',
  language: null,
  digestOptOut: false,
} satisfies ProfileSettings;

/** Rita (a rep), Ada (the admin) and Kasper, who has no display name yet. */
const members = {
  members: [
    makeTestMember({ id: 'p1', userId: 'user-1', displayName: 'Rita Rep', email: 'rita@example.com', role: 'user' }),
    makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Ada Admin', email: 'ada@example.com', role: 'admin' }),
    makeTestMember({ id: 'p3', userId: 'user-3', displayName: null, email: 'kasper@example.com', role: 'user' }),
  ],
} satisfies TeamMemberList;

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

/**
 * The server as a member of Fjordsalg AS sees it. The admin-only reads answer a rep as the server
 * does (403): a rep's page must not ask for them.
 */
function serverFor(me: Me, answers: Answers = {}): Answers {
  const isAdmin = me.profile?.role === 'admin';
  const adminOnly = (answer: StubReply) =>
    isAdmin ? answer : refuse(403, { code: 'forbidden', message: 'You do not have access to this.' });
  return {
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/me/profile': reply(200, profile),
    'GET /api/v1/company': reply(200, company),
    'GET /api/v1/team/members': reply(200, members),
    'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules({ email: { enabled: false } }) satisfies KpiRuleList),
    'GET /api/v1/customers': reply(200, { customers: [] } satisfies CustomerList),
    'GET /api/v1/invitations': adminOnly(reply(200, { invitations: [] } satisfies InvitationList)),
    'GET /api/v1/admin/signup-policy': adminOnly(
      reply(200, { policy: 'open', accessCode: null, enforced: true } satisfies SignupPolicySettings),
    ),
    ...answers,
  };
}

/** /app/settings for this person, with the app's providers and toasts. */
function renderSettings(me: Me, { entry = '/app/settings', answers = {} }: { entry?: string; answers?: Answers } = {}) {
  const calls = stubFetch(serverFor(me, answers));
  const router = createMemoryRouter(
    [
      { path: '/app/settings', Component: SettingsPage },
      { path: '/app/admin/users', element: <h1>Administration, Users</h1> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AuthProvider>,
    { me },
  );
  return { calls, router, user: userEvent.setup() };
}

/** The value a settings card shows beside this label (its <dt>), as read. */
function detail(container: HTMLElement, label: string): string {
  const term = within(container).getAllByText(label, { selector: 'dt' })[0]!;
  return term.nextElementSibling!.firstElementChild!.textContent!;
}

const requested = (calls: RecordedCall[], path: string) => calls.some((c) => c.path === `/api/v1${path}`);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Settings for a rep', () => {
  it('opens on Personal with the rep’s own cards, and keeps the chosen tab in the address', async () => {
    const { router, user } = renderSettings(makeTestMe());
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Personal', 'Company', 'Team', 'KPI Rules', 'Customers', 'Exports', 'API tokens']);
    expect(screen.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');

    // Loading: a placeholder card until the profile arrives.
    const panel = screen.getByRole('tabpanel', { name: 'Personal' });
    expect(panel.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await within(panel).findByText('Your profile')).toBeInTheDocument();
    expect(detail(panel, 'Display name')).toBe('Rita Rep');
    expect(detail(panel, 'E-mail')).toBe('rita@example.com');
    expect(detail(panel, 'Language')).toBe('Same as my browser');
    expect(within(panel).getByText('Password')).toBeInTheDocument();
    expect(within(panel).getByText('Your data')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'KPI Rules' }));
    expect(router.state.location.search).toBe('?tab=kpi');
    expect(screen.getByRole('tab', { name: 'KPI Rules' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Company: reads the details and counts, with nothing to edit', async () => {
    const { calls } = renderSettings(makeTestMe(), { entry: '/app/settings?tab=company' });
    const panel = screen.getByRole('tabpanel', { name: 'Company' });
    expect(await within(panel).findByText('Only admins can change the company details.')).toBeInTheDocument();
    expect(detail(panel, 'Company name')).toBe('Fjordsalg AS');
    expect(detail(panel, 'Time zone')).toMatch(/^Europe\/Oslo \(GMT\+0?1(:00)?\)$/);
    expect(detail(panel, 'Currency')).toBe('Norwegian Krone (NOK)');
    expect(detail(panel, 'Created')).toBe('1 Nov 2026');
    expect(within(panel).getByText('1,234')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('Team: the members and their roles, without invitations, role changes or the sign-up policy', async () => {
    const { calls } = renderSettings(makeTestMe(), { entry: '/app/settings?tab=team' });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByText('Only admins can invite people and change roles. Ask an admin if someone is missing.')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Rita Rep');
    expect(rows[0]).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('Ada Admin');
    // No display name: the e-mail stands in.
    expect(rows[2]).toHaveTextContent('kasper@example.com');
    expect(rows[0]).toHaveTextContent('User');
    expect(rows[1]).toHaveTextContent('Admin');
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Invitations')).not.toBeInTheDocument();
    expect(screen.queryByText('Who can create an account')).not.toBeInTheDocument();
    expect(requested(calls, '/invitations')).toBe(false);
    expect(requested(calls, '/admin/signup-policy')).toBe(false);
  });

  it('KPI Rules: what each activity is worth, with every switch locked and no edit', async () => {
    renderSettings(makeTestMe(), { entry: '/app/settings?tab=kpi' });
    const list = await screen.findByRole('list', { name: 'Point rules' });
    expect(screen.getByText('What each activity is worth. Only admins can change the rules.')).toBeInTheDocument();
    const switches = within(list).getAllByRole('switch');
    expect(switches).toHaveLength(10);
    for (const toggle of switches) expect(toggle).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Count E-mail' })).not.toBeChecked();
    expect(within(list).queryAllByRole('button', { name: /^Edit / })).toEqual([]);
  });

  it('Customers: a rep adds customers like anyone on the team', async () => {
    const { calls, user } = renderSettings(makeTestMe(), {
      entry: '/app/settings?tab=customers',
      answers: {
        'POST /api/v1/customers': reply(201, {
          id: 'c1',
          name: 'Havbris AS',
          domain: null,
          segment: 'Startup',
          pointValue: 0,
          createdAt: '2026-11-24T10:00:00.000Z',
          archivedAt: null,
          activityCount: 0,
          activitiesSinceArchived: 0,
        } satisfies Customer),
      },
    });
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(screen.getByText('The companies your team sells to. Everyone on the team can add customers.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New customer' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New customer' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Havbris AS');
    await user.click(within(dialog).getByRole('button', { name: 'Startup' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect((await findToast('Customer created')).description).toEqual(['Havbris AS']);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/customers').map((c) => c.body)).toEqual([
      { name: 'Havbris AS', domain: '', segment: 'Startup', pointValue: 0 },
    ]);
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderSettings(makeTestMe(), { entry: '/app/settings?tab=team' });
    expect(screen.getByRole('heading', { name: 'Innstillinger' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Personlig', 'Selskap', 'Team', 'KPI-regler', 'Kunder', 'Eksport', 'API-nøkler']);
    const list = await screen.findByRole('list', { name: 'Medlemmer' });
    expect(
      screen.getByText('Bare administratorer kan invitere folk og endre roller. Spør en administrator hvis noen mangler.'),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Deg');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Bruker');
  });
});

describe('Settings for an admin', () => {
  it('Team: invitations, members with role changes, a way to Administration for removals, and the sign-up policy', async () => {
    const { router, user } = renderSettings(
      { ...makeTestAdminMe(), user: { ...makeTestMe().user, id: 'user-2' } },
      { entry: '/app/settings?tab=team' },
    );
    expect(await screen.findByText('No invitations yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Only admin: make someone else admin first.');
    // Removal lives in Administration, Users only.
    expect(screen.queryByRole('button', { name: /^Remove .* from the company$/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /^Open/ })).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Administration, Users' }));
    expect(await screen.findByRole('heading', { name: 'Administration, Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/admin/users');
  });

  it('Company: edits the name, time zone and currency, sends them, and shows the saved details', async () => {
    const saved = {
      ...company,
      name: 'Fjordsalg Nord AS',
      timezone: 'Europe/London',
      currency: 'EUR',
      language: 'nb',
    } satisfies CompanySettings;
    let current: CompanySettings = company;
    const { calls, user } = renderSettings(makeTestAdminMe(), {
      entry: '/app/settings?tab=company',
      answers: {
        'GET /api/v1/company': () => reply(200, current),
        'PATCH /api/v1/company': () => {
          current = saved;
          return reply(200, saved);
        },
      },
    });
    expect(
      await screen.findByText('The name everyone sees, and the time zone that decides when a day, week and month begin.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Company name');
    expect(name).toHaveValue('Fjordsalg AS');
    await user.clear(name);
    await user.type(name, 'Fjordsalg Nord AS');
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    const suggested = await screen.findByRole('group', { name: 'Suggested' });
    await user.click(
      within(suggested)
        .getAllByRole('option')
        .find((option) => option.textContent?.startsWith('Europe/London'))!,
    );
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'Euro (EUR)' }));
    // The walls' and mails' language (decision 079): none chosen yet, so each screen's browser.
    expect(screen.getByRole('combobox', { name: 'Language of walls and mails' })).toHaveTextContent("Each screen's browser");
    await user.click(screen.getByRole('combobox', { name: 'Language of walls and mails' }));
    await user.click(await screen.findByRole('option', { name: 'Norsk (bokmål)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findToast('Company settings updated')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: '/api/v1/company',
        body: { name: 'Fjordsalg Nord AS', timezone: 'Europe/London', currency: 'EUR', lateLoggingDays: 7, language: 'nb' },
      }),
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'Company' });
    await vi.waitFor(() => expect(detail(panel, 'Company name')).toBe('Fjordsalg Nord AS'));
    expect(detail(panel, 'Time zone')).toMatch(/^Europe\/London /);
    expect(detail(panel, 'Currency')).toBe('Euro (EUR)');
    expect(detail(panel, 'Language of walls and mails')).toBe('Norsk (bokmål)');
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
  }, 40_000);

  it('Company: a blank name is refused before sending, nothing else typed is lost; the server’s refusal stays in the form', async () => {
    const { calls, user } = renderSettings(makeTestAdminMe(), {
      entry: '/app/settings?tab=company',
      answers: {
        'PATCH /api/v1/company': refuse(400, {
          code: 'invalid_input',
          message: 'name: Company name must be at most 100 characters',
          details: { name: 'Company name must be at most 100 characters' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'Swedish Krona (SEK)' }));
    const name = screen.getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company name cannot be empty')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Company name cannot be empty');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('Swedish Krona (SEK)');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(name, 'Fjordsalg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await findToast('Error updating company');
    expect(toast.description).toEqual(['name: Company name must be at most 100 characters']);
    expect(name).toHaveAccessibleDescription('Company name must be at most 100 characters');
    expect(name).toHaveValue('   Fjordsalg');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('Swedish Krona (SEK)');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'Fjordsalg', timezone: 'Europe/Oslo', currency: 'SEK', lateLoggingDays: 7, language: null },
    ]);
  });

  it('Company: says so when it cannot load, and loads again on Try again', async () => {
    let attempts = 0;
    const { user } = renderSettings(makeTestAdminMe(), {
      entry: '/app/settings?tab=company',
      answers: {
        'GET /api/v1/company': () =>
          ++attempts === 1 ? refuse(500, { code: 'internal', message: 'Something went wrong' }) : reply(200, company),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading error: Could not load company data');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fjordsalg AS')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('Company in Norwegian: the labels, and a refusal in the reader’s language', async () => {
    await i18n.changeLanguage('nb');
    const { user } = renderSettings(makeTestAdminMe(), {
      entry: '/app/settings?tab=company',
      answers: { 'PATCH /api/v1/company': refuse(403, { code: 'forbidden', message: 'You do not have access to this.' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Rediger' }));
    expect(screen.getByRole('heading', { name: 'Rediger selskapsdetaljer' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Selskapsnavn'), ' Nord');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    const toast = await findToast('Feil ved oppdatering av selskapet');
    expect(toast.description).toEqual(['Tilgang nektet. Du har ikke tilgang til dette.']);
    expect(screen.getByLabelText('Selskapsnavn')).toHaveValue('Fjordsalg AS Nord');
  });
});

describe('Personal settings (everyone)', () => {
  it('edits the display name and language, sends them, and the page follows the chosen language', async () => {
    const { calls, user } = renderSettings(makeTestMe(), {
      answers: { 'PATCH /api/v1/me/profile': reply(200, { ...profile, displayName: 'Rita R.', language: 'nb' } satisfies ProfileSettings) },
    });
    await screen.findByText('Your profile');
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    const name = screen.getByLabelText('Display name');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.type(name, 'Rita R.');
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Norsk (bokmål)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Innstillinger' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/v1/me/profile', body: { displayName: 'Rita R.', language: 'nb' } }),
    ]);
    // Back to the card, which now speaks Norwegian.
    expect(await screen.findByText('Profilen din')).toBeInTheDocument();
    expect(screen.queryByLabelText('Visningsnavn')).not.toBeInTheDocument();
  });

  it('offers Swedish and Danish too (decision 080): a Swede saves Svenska and reads the page in Swedish', async () => {
    const { calls, user } = renderSettings(makeTestMe(), {
      answers: { 'PATCH /api/v1/me/profile': reply(200, { ...profile, language: 'sv' } satisfies ProfileSettings) },
    });
    try {
      await screen.findByText('Your profile');
      await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
      await user.click(screen.getByRole('combobox', { name: 'Language' }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(options).toEqual(expect.arrayContaining(['English', 'Norsk (bokmål)', 'Svenska', 'Dansk']));
      await user.click(screen.getByRole('option', { name: 'Svenska' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('heading', { name: 'Inställningar' })).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/v1/me/profile', body: expect.objectContaining({ language: 'sv' }) }),
      ]);
      expect(document.documentElement.lang).toBe('sv');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('keeps what was typed when the server refuses it, and says why under the field', async () => {
    const { user } = renderSettings(makeTestMe(), {
      answers: {
        'PATCH /api/v1/me/profile': refuse(400, {
          code: 'invalid_input',
          message: 'displayName: Contains a character that cannot be saved (a NUL byte or a broken character)',
          details: { displayName: 'Contains a character that cannot be saved (a NUL byte or a broken character)' },
        }),
      },
    });
    await screen.findByText('Your profile');
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Rita the Closer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Error updating profile')).toBeTruthy();
    expect(name).toHaveAccessibleDescription('Contains a character that cannot be saved (a NUL byte or a broken character)');
    expect(name).toHaveValue('Rita the Closer');
  });
});
