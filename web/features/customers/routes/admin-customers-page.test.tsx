import type { CreateCustomer, Customer, CustomerList, CustomerMergeResult } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AdminCustomersPage } from './admin-customers-page';

const adminMe = makeTestAdminMe();

const customer = (over: Partial<Customer> & Pick<Customer, 'id' | 'name'>): Customer => ({
  domain: null,
  segment: null,
  pointValue: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  archivedAt: null,
  activityCount: 0,
  activitiesSinceArchived: 0,
  ...over,
});

/** Newest first, as the server lists them. */
const CUSTOMERS: Customer[] = [
  customer({
    id: 'c1',
    name: 'Nordlys Energi AS',
    domain: 'nordlys.no',
    segment: 'Enterprise',
    pointValue: 2500,
    createdAt: '2026-11-22T10:00:00.000Z',
  }),
  customer({ id: 'c2', name: 'Fjellbakeriet', segment: 'SMB' }),
];

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

/** GET /customers (with its search) and POST /customers on one list; a name already there is a 409. */
function stubServer(answers: Answers = {}, start: Customer[] = CUSTOMERS) {
  const customers = [...start];
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/customers': (call) => {
      const search = (new URLSearchParams(call.search).get('search') ?? '').toLowerCase();
      const matches = customers.filter((c) => [c.name, c.domain, c.segment].some((value) => value?.toLowerCase().includes(search)));
      return reply(200, { customers: matches } satisfies CustomerList);
    },
    'POST /api/v1/customers': (call) => {
      const input = call.body as CreateCustomer;
      if (customers.some((c) => c.name.toLowerCase() === input.name.trim().toLowerCase())) {
        return refuse(409, { code: 'customer_exists', message: `A customer named "${input.name}" already exists.` });
      }
      const created = customer({
        id: `c${customers.length + 1}`,
        name: input.name,
        domain: input.domain || null,
        segment: input.segment || null,
        pointValue: input.pointValue ?? 0,
        createdAt: '2026-11-24T10:00:00.000Z',
      });
      customers.unshift(created);
      return reply(201, created);
    },
    ...answers,
  });
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminCustomersPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

/** Each row as read: name, domain, segment, point value, date added (the no-break spaces Intl puts in numbers read as spaces). */
const tableRows = async (name = 'Customers') =>
  within(await screen.findByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell, index) => (index === 0 ? cell.querySelector('p')!.textContent! : cell.textContent!).replace(/\s/g, ' ')),
    );
const searches = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/customers').map((c) => new URLSearchParams(c.search).get('search') ?? '');
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/customers').map((c) => c.body);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Customers', () => {
  it('lists the customers newest first with domain, segment, point value and the day they were added', async () => {
    stubServer();
    renderPage();
    // Loading: placeholders until the list arrives.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await tableRows()).toEqual([
      ['Nordlys Energi AS', 'nordlys.no', 'Enterprise', '2,500', '0', '22 Nov 2026', ''],
      ['Fjellbakeriet', '—', 'SMB', '0', '0', '20 Nov 2026', ''],
    ]);
    expect(screen.getByText('2 customers')).toBeInTheDocument();
  });

  it('invites the first customer when there are none', async () => {
    stubServer({}, []);
    const user = renderPage();
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(screen.getByText('Add the companies your team sells to, or let them appear as people log calls and sales.')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New customer' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(screen.getByRole('dialog', { name: 'New customer' })).toBeInTheDocument();
  });

  it('searches once per pause in typing, says when nothing matches, and clears the search', async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    await user.type(search, 'nord');
    await vi.waitFor(async () => expect(await tableRows()).toHaveLength(1));
    expect((await tableRows())[0]![0]).toBe('Nordlys Energi AS');
    expect(searches(calls)).toEqual(['', 'nord']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No customers match “zzz”')).toBeInTheDocument();
    expect(screen.getByText('Search looks at the name, domain and segment. Try fewer letters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    await vi.waitFor(async () => expect(await tableRows()).toHaveLength(2));
  });

  it('creates a customer: a blank name is refused first, nothing typed is lost; then it is sent and listed', async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = screen.getByRole('dialog', { name: 'New customer' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const domain = within(dialog).getByRole('textbox', { name: 'Domain' });
    const points = within(dialog).getByRole('spinbutton', { name: 'Point value' });
    expect(points).toHaveValue(0);
    await user.type(name, '   ');
    await user.type(domain, 'havbris.no');
    await user.click(within(dialog).getByRole('button', { name: 'SMB' }));
    expect(within(dialog).getByRole('combobox', { name: 'Segment' })).toHaveValue('SMB');
    await user.clear(points);
    await user.type(points, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));

    expect(await within(dialog).findByText('Please enter a customer name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Enter a whole number from 0 to 100000.')).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(domain).toHaveValue('havbris.no');
    expect(within(dialog).getByRole('combobox', { name: 'Segment' })).toHaveValue('SMB');
    expect(posts(calls)).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Havbris AS');
    await user.clear(points);
    await user.type(points, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect((await findToast('Customer created')).description).toEqual(['Havbris AS']);
    expect(posts(calls)).toEqual([{ name: 'Havbris AS', domain: 'havbris.no', segment: 'SMB', pointValue: 1500 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(async () =>
      expect((await tableRows())[0]).toEqual(['Havbris AS', 'havbris.no', 'SMB', '1,500', '0', '24 Nov 2026', '']),
    );
  });

  it('puts a name that is taken on the name field and keeps the form', async () => {
    const calls = stubServer();
    const user = renderPage();
    await tableRows();
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = screen.getByRole('dialog', { name: 'New customer' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'fjellbakeriet');
    await user.type(within(dialog).getByRole('combobox', { name: 'Segment' }), 'Bakery');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));

    expect((await findToast('Error: Could not create customer')).description).toEqual(['A customer named "fjellbakeriet" already exists.']);
    expect(name).toHaveAccessibleDescription('A customer named "fjellbakeriet" already exists.');
    expect(name).toHaveValue('fjellbakeriet');
    expect(within(dialog).getByRole('combobox', { name: 'Segment' })).toHaveValue('Bakery');
    expect(posts(calls)).toHaveLength(1);
  });

  it('says when the list cannot load, and loads it again on Try again', async () => {
    let attempts = 0;
    stubServer({
      'GET /api/v1/customers': () =>
        ++attempts === 1
          ? refuse(500, { code: 'internal', message: 'Something went wrong' })
          : reply(200, { customers: CUSTOMERS } satisfies CustomerList),
    });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Could not load customers');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await tableRows()).toHaveLength(2);
  });

  it('speaks Norwegian, the server’s refusal included', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    const user = renderPage();
    expect(await tableRows('Kunder')).toEqual([
      ['Nordlys Energi AS', 'nordlys.no', 'Enterprise', '2 500', '0', '22. nov. 2026', ''],
      ['Fjellbakeriet', '—', 'SMB', '0', '0', '20. nov. 2026', ''],
    ]);
    await user.click(screen.getByRole('button', { name: 'Ny kunde' }));
    const dialog = screen.getByRole('dialog', { name: 'Ny kunde' });
    const name = within(dialog).getByRole('textbox', { name: /^Navn/ });
    await user.type(name, 'Nordlys Energi AS');
    const points = within(dialog).getByRole('spinbutton', { name: 'Poengverdi' });
    await user.clear(points);
    await user.type(points, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Lag kunde' }));
    expect(await within(dialog).findByText('Skriv et helt tall fra 0 til 100000.')).toBeInTheDocument();

    await user.clear(points);
    await user.type(points, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Lag kunde' }));
    expect((await findToast('Feil: Kunne ikke opprette kunden')).description).toEqual(['Det finnes allerede en kunde med dette navnet.']);
    expect(name).toHaveAccessibleDescription('Det finnes allerede en kunde med dette navnet.');
  });
});

describe('Administration, Customers: corrections', () => {
  const withActivities = [
    customer({ id: 'c1', name: 'Nordlys Energi AS', activityCount: 5 }),
    customer({ id: 'c2', name: 'Nordlys Energy', activityCount: 2 }),
    customer({ id: 'c3', name: 'Fjellbakeriet', activityCount: 1 }),
  ];

  it('merges a customer into the one chosen by a search, showing how many activities move', async () => {
    const calls = stubServer(
      {
        'POST /api/v1/customers/c2/merge': reply(200, {
          customer: { ...withActivities[0]!, activityCount: 7 },
          movedActivities: 2,
        } satisfies CustomerMergeResult),
      },
      withActivities,
    );
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Nordlys Energy' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge “Nordlys Energy”' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Customer to keep' }), 'nordlys');
    // The customer being merged is never offered as the one to keep.
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['Nordlys Energi AS5 activities']),
    );
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Nordlys Energi AS/ }));
    expect(
      within(dialog).getByText('2 activities move from “Nordlys Energy” to “Nordlys Energi AS”, and “Nordlys Energy” is removed.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect((await findToast('“Nordlys Energy” merged into “Nordlys Energi AS”')).description).toEqual(['2 activities moved']);
    expect(calls.filter((c) => c.path === '/api/v1/customers/c2/merge').map((c) => c.body)).toEqual([{ into: 'c1' }]);
  });

  it('renames, archives and lists the archived customers, which can be restored', async () => {
    const calls = stubServer(
      {
        'PATCH /api/v1/customers/c3': (call) => reply(200, { ...withActivities[2]!, ...(call.body as object) }),
      },
      withActivities,
    );
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Fjellbakeriet' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename customer' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Fjellbakeriet AS');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await findToast('Customer renamed')).description).toEqual(['Fjellbakeriet AS']);

    await user.click(await screen.findByRole('button', { name: 'Actions for Fjellbakeriet' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect((await findToast('Customer archived')).description).toEqual(['Fjellbakeriet']);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: 'Fjellbakeriet AS' }, { archived: true }]);

    await user.click(screen.getByRole('combobox', { name: 'Show customers' }));
    await user.click(await screen.findByRole('option', { name: 'Archived' }));
    await vi.waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/customers').map((c) => new URLSearchParams(c.search).get('status')),
      ).toContain('archived'),
    );
  });
});
