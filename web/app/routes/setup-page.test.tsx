import type { CompanySettings, Me, SetupState, SetupStep, SignupPolicySettings } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetupChecklist } from '@web/components/setup-checklist';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestKpiRules } from '@web/test/fixtures';
import { makeTestAdminMe, makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as SetupPage } from './setup-page';

const company = {
  id: 'company-1',
  name: 'Min bedrift',
  timezone: 'Europe/Oslo',
  currency: 'NOK',
  language: null,
  logoUrl: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  lateLoggingDays: 7,
  counts: { members: 1, activities: 0, customers: 0 },
} satisfies CompanySettings;

function stateWith(done: SetupStep[], dismissed = false): SetupState {
  const steps = (['company', 'timezone', 'currency', 'activities', 'invite'] as const).map((step) => ({ step, done: done.includes(step) }));
  return { steps, doneCount: done.length, total: 5, dismissed, showChecklist: !dismissed && done.length < 5 };
}

function render(
  ui: 'page' | 'checklist',
  {
    me = makeTestAdminMe(),
    entry = '/app/setup',
    setup = stateWith([]),
    policy = { policy: 'open', accessCode: null, enforced: true } as SignupPolicySettings,
  } = {},
) {
  let current = setup;
  let signupPolicy = policy;
  const answers: Record<string, StubReply | ((call: RecordedCall) => StubReply)> = {
    'GET /api/v1/me': reply(200, me),
    'GET /api/v1/setup': () => reply(200, current),
    'GET /api/v1/company': reply(200, company),
    'PATCH /api/v1/company': (call) => reply(200, { ...company, ...(call.body as object) }),
    'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
    // The company made the account managers' types by hand already (decision 100).
    'GET /api/v1/activity-types': reply(200, {
      types: ['Renewal', 'Upsell', 'Check-in'].map((name) => ({ id: name, names: { en: name } })),
    }),
    'POST /api/v1/activity-types/templates': reply(200, { types: [] }),
    'PATCH /api/v1/kpi-rules/rule-5': (call) => reply(200, { ...makeTestKpiRules().rules[5], ...(call.body as object) }),
    'POST /api/v1/setup/steps/company': () => reply(200, (current = stateWith(['company']))),
    'POST /api/v1/setup/steps/activities': () => reply(200, (current = stateWith(['company', 'activities']))),
    'POST /api/v1/setup/steps/currency': () => reply(200, (current = stateWith(['currency']))),
    'POST /api/v1/setup/dismiss': () => reply(200, (current = stateWith([], true))),
    'GET /api/v1/admin/signup-policy': () => reply(200, signupPolicy),
    'PUT /api/v1/admin/signup-policy': (call) => reply(200, (signupPolicy = { ...signupPolicy, ...(call.body as object) })),
    'PATCH /api/v1/team/members/user-1/boards': (call) => reply(200, { onBoards: (call.body as { onBoards: boolean }).onBoards }),
  };
  const calls = stubFetch(answers);
  const router = createMemoryRouter(
    [
      { path: '/app/setup', Component: SetupPage },
      { path: '/app', element: <SetupChecklist /> },
    ],
    { initialEntries: [ui === 'page' ? entry : '/app'] },
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

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.path, body: c.body }));

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('the setup page', () => {
  it('asks for the company name first (the default name is no answer), saves it and moves to the time zone', async () => {
    const { user, calls, router } = render('page');
    expect(await screen.findByRole('heading', { name: 'What is the company called?' })).toBeInTheDocument();
    expect(screen.getByText('0 of 5 steps done')).toBeInTheDocument();
    const name = screen.getByLabelText('Company name');
    expect(name).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Enter the company's name.");
    await user.type(name, 'Nordlys Salg AS');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const next = await screen.findByRole('heading', { name: 'Which time zone does the team work in?' });
    expect(router.state.location.search).toBe('?step=timezone');
    // Saved is said above the next step, not in a toast over its fields; the keyboard goes on from its title.
    expect(screen.getByRole('status')).toHaveTextContent('Step 1 saved');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(next).toHaveFocus();
    expect(writes(calls).filter((w) => w.method !== 'POST' || w.path !== '/api/v1/me/provision')).toEqual([
      { method: 'PATCH', path: '/api/v1/company', body: { name: 'Nordlys Salg AS' } },
      { method: 'POST', path: '/api/v1/setup/steps/company', body: undefined },
    ]);
    expect(await screen.findByText('1 of 5 steps done')).toBeInTheDocument();
  });

  it('asks the first admin whether they sell; a manager who does not is left off the boards (decision 081)', async () => {
    const { user, calls } = render('page');
    expect(await screen.findByRole('heading', { name: 'What is the company called?' })).toBeInTheDocument();
    const sells = screen.getByRole('switch', { name: 'I sell too: show me on the leaderboards' });
    expect(sells).toBeChecked();
    expect(sells).toHaveAccessibleDescription(/Turn off if you lead the team without selling yourself/);
    await user.type(screen.getByLabelText('Company name'), 'Nordlys Salg AS');
    await user.click(sells);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Which time zone does the team work in?' })).toBeInTheDocument();
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([
      { method: 'PATCH', path: '/api/v1/company', body: { name: 'Nordlys Salg AS' } },
      { method: 'PATCH', path: '/api/v1/team/members/user-1/boards', body: { onBoards: false } },
      { method: 'POST', path: '/api/v1/setup/steps/company', body: undefined },
    ]);
  });

  it("offers a Swedish admin the krona instead of the default NOK, and saves it as the step's answer", async () => {
    await i18n.changeLanguage('sv');
    try {
      const { user, calls } = render('page', { entry: '/app/setup?step=currency' });
      const select = await screen.findByRole('combobox', { name: 'Valuta' });
      expect(select).toHaveTextContent('SEK');
      await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
      await screen.findByRole('heading', { name: /logga|loggar/i });
      expect(writes(calls).filter((w) => w.path === '/api/v1/company')).toEqual([
        { method: 'PATCH', path: '/api/v1/company', body: { currency: 'SEK' } },
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('skips a step without saving anything', async () => {
    const { user, calls } = render('page', { entry: '/app/setup?step=currency' });
    expect(await screen.findByRole('heading', { name: 'Which currency are sales in?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'What does the team log?' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([]);
  });

  it('offers e-mail logging, off by default: turning it on saves the rule with its points', async () => {
    const { user, calls } = render('page', { entry: '/app/setup?step=activities' });
    const email = await screen.findByRole('switch', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'LinkedIn' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Calls' })).toHaveAttribute('aria-checked', 'true');
    await user.click(email);
    const points = screen.getByLabelText('Points: E-mail');
    await user.clear(points);
    await user.type(points, '2');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Invite your colleagues' })).toBeInTheDocument();
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([
      { method: 'PATCH', path: '/api/v1/kpi-rules/rule-5', body: { enabled: true, basePoints: 2 } },
      { method: 'POST', path: '/api/v1/setup/steps/activities', body: undefined },
    ]);
  });

  it('adds the types of the templates chosen; one whose types the company has shows them added', async () => {
    const { user, calls } = render('page', { entry: '/app/setup?step=activities' });
    const sdr = await screen.findByRole('checkbox', { name: 'SDR team' });
    expect(sdr).toHaveAccessibleDescription('Adds Demo held');
    const accounts = screen.getByRole('checkbox', { name: 'Account management' });
    await vi.waitFor(() => expect(accounts).toBeChecked());
    expect(accounts).toHaveAccessibleDescription('Added: Renewal, Upsell, Check-in');
    await user.click(sdr);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Invite your colleagues' })).toBeInTheDocument();
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([
      { method: 'POST', path: '/api/v1/activity-types/templates', body: { template: 'sdr' } },
      { method: 'POST', path: '/api/v1/setup/steps/activities', body: undefined },
    ]);
  });

  it('asks for the points of a kind turned on at 0 points, and saves nothing until they are given', async () => {
    const { user, calls } = render('page', { entry: '/app/setup?step=activities' });
    await user.click(await screen.findByRole('switch', { name: 'E-mail' }));
    const points = screen.getByLabelText('Points: E-mail');
    expect(points).toHaveValue(null);
    expect(points).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('How many points is E-mail worth? Enter a whole number.')).toBeInTheDocument();
    expect(points).toHaveAccessibleDescription('How many points is E-mail worth? Enter a whole number.');
    expect(points).toHaveFocus();
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([]);

    // Turned off again, the kind keeps its old points and the step saves the rest.
    await user.click(screen.getByRole('switch', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Invite your colleagues' })).toBeInTheDocument();
    expect(writes(calls).filter((w) => w.path !== '/api/v1/me/provision')).toEqual([
      { method: 'POST', path: '/api/v1/setup/steps/activities', body: undefined },
    ]);
  });

  it('asks who may join without an invitation, open until the founder says otherwise, and saves the choice', async () => {
    const { user, calls } = render('page', { entry: '/app/setup?step=invite' });
    const group = await screen.findByRole('group', { name: 'Who can join without an invitation?' });
    const open = within(group).getByRole('radio', { name: 'Anyone with the address' });
    await vi.waitFor(() => expect(open).toBeChecked());
    await user.click(within(group).getByRole('radio', { name: 'Only people we invite' }));
    expect((await findToast('Saved: Only people we invite')).element).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Only people we invite' })).toBeChecked();
    expect(writes(calls).filter((w) => w.path === '/api/v1/admin/signup-policy')).toEqual([
      { method: 'PUT', path: '/api/v1/admin/signup-policy', body: { policy: 'invite_only' } },
    ]);
  });

  it('does not ask where several companies share the server (joining always takes an invitation there)', async () => {
    const { calls } = render('page', { entry: '/app/setup?step=invite', policy: { policy: 'open', accessCode: null, enforced: false } });
    expect(await screen.findByRole('heading', { name: 'Invite your colleagues' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/admin/signup-policy')).toBe(true));
    await vi.waitFor(() => expect(document.querySelector('[data-slot="skeleton"]')).toBeNull()); // the answer is in
    expect(screen.queryByRole('group', { name: 'Who can join without an invitation?' })).not.toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    render('page');
    expect(await screen.findByRole('heading', { name: 'Hva heter selskapet?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hopp over nå' })).toBeInTheDocument();
  });
});

describe("the dashboard's setup checklist", () => {
  it('shows an admin what is left, with a link to each open step, until dismissed', async () => {
    const { user, calls } = render('checklist', { setup: stateWith(['company', 'timezone']) });
    const card = await screen.findByTestId('setup-checklist');
    expect(within(card).getByText('2 of 5 steps done')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Invite colleagues' })).toHaveAttribute('href', '/app/setup?step=invite');
    expect(within(card).getByRole('link', { name: 'What the team logs' })).toHaveAttribute('href', '/app/setup?step=activities');
    expect(within(card).queryByRole('link', { name: 'Name the company' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Hide the setup checklist' }));
    await vi.waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/v1/setup/dismiss', body: { dismissed: true } }));
  });

  it('is never shown to a rep, who never asks for the setup', async () => {
    const rep: Me = makeTestMe();
    const { calls } = render('checklist', { me: rep });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/v1/me')).toBe(false));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/setup')).toBe(false);
  });
});
