import type { ContactRequestList, ContactRequestView, Me } from '@core/contracts';
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
import { Component as AdminInboxPage } from './admin-inbox-page';

/** An admin of the company that runs the installation (the one the contact form writes to). */
const operatorAdmin = makeTestAdminMe();

const request = (over: Partial<ContactRequestView> & Pick<ContactRequestView, 'id' | 'name' | 'email'>): ContactRequestView => ({
  company: null,
  teamSize: null,
  message: 'We would like a demo for our sales floor.',
  handledAt: null,
  createdAt: '2026-11-24T08:15:00.000Z',
  ...over,
});

const REQUESTS: ContactRequestView[] = [
  request({
    id: 'r1',
    name: 'Kari Nordmann',
    email: 'kari@havbris.no',
    company: 'Havbris AS',
    teamSize: '6-19',
    message: 'We are 14 reps.\nCan we try Pro for a month?',
  }),
  request({ id: 'r2', name: 'Ola Hansen', email: 'ola@example.com', createdAt: '2026-11-23T14:00:00.000Z' }),
  request({
    id: 'r3',
    name: 'Per Persen',
    email: 'per@example.com',
    handledAt: '2026-11-22T12:00:00.000Z',
    createdAt: '2026-11-21T10:00:00.000Z',
  }),
];

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

/** The contact requests on the server: listed by status, marked handled or open again, deleted. */
function stubServer(answers: Answers = {}, start: ContactRequestView[] = REQUESTS) {
  let requests = [...start];
  const byId = (call: RecordedCall) => decodeURIComponent(call.path.split('/').pop()!);
  const change: Answers = {};
  for (const { id } of start) {
    change[`PATCH /api/v1/admin/contact-requests/${id}`] = (call) => {
      const { handled } = call.body as { handled: boolean };
      requests = requests.map((r) => (r.id === byId(call) ? { ...r, handledAt: handled ? '2026-11-24T09:00:00.000Z' : null } : r));
      return reply(
        200,
        requests.find((r) => r.id === byId(call))!,
      );
    };
    change[`DELETE /api/v1/admin/contact-requests/${id}`] = (call) => {
      requests = requests.filter((r) => r.id !== byId(call));
      return reply(200, { ok: true });
    };
  }
  return stubFetch({
    'GET /api/v1/me': reply(200, operatorAdmin),
    'GET /api/v1/admin/contact-requests': (call) => {
      const status = new URLSearchParams(call.search).get('status') ?? 'all';
      const listed = requests.filter((r) => status === 'all' || (status === 'handled') === (r.handledAt !== null));
      return reply(200, { requests: listed, openCount: requests.filter((r) => !r.handledAt).length } satisfies ContactRequestList);
    },
    ...change,
    ...answers,
  });
}

function renderPage(me: Me = operatorAdmin) {
  renderWithProviders(
    <AuthProvider>
      <AdminInboxPage />
      <Toaster />
    </AuthProvider>,
    { me },
  );
  return userEvent.setup();
}

/** The requests listed, each as the card reads. */
const cards = async () => (await screen.findAllByRole('listitem')).filter((item) => item.querySelector('[data-contact-request]'));
const cardOf = async (name: string) => (await cards()).find((card) => card.textContent?.includes(name))!;
const listed = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === '/api/v1/admin/contact-requests')
    .map((c) => new URLSearchParams(c.search).get('status'));
const changes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PATCH' || c.method === 'DELETE').map((c) => [c.method, c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Inbox', () => {
  it('explains that only the company running the installation has one, and asks nothing of the server', async () => {
    const calls = stubServer();
    renderPage({ ...operatorAdmin, tenancy: 'multi', operator: false });
    expect(screen.getByText('No inbox for this company')).toBeInTheDocument();
    expect(screen.getByText('Requests from the public contact form go to the company that runs this installation.')).toBeInTheDocument();
    expect(listed(calls)).toEqual([]);
  });

  it("shows when a request came and was handled in the company's time zone, not the browser's", async () => {
    stubServer({}, [REQUESTS[0]!, REQUESTS[2]!]);
    renderPage({ ...operatorAdmin, company: { ...operatorAdmin.company!, timezone: 'America/New_York' } });
    const kari = await cardOf('Kari Nordmann');
    // 08:15 UTC is 03:15 in New York.
    expect(kari).toHaveTextContent('Received 24 Nov 2026, 03:15');
    await userEvent.setup().click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Handled' }));
    const per = await cardOf('Per Persen');
    expect(per).toHaveTextContent('Received 21 Nov 2026, 05:00');
    expect(per).toHaveTextContent('Handled 22 Nov 2026, 07:00');
  });

  it('shows the open requests first: who, how to reach them, their company and team, and the message', async () => {
    const calls = stubServer();
    renderPage();
    // Loading: a placeholder until the requests arrive.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: /^Contact requests ?2 open$/ })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Open' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const [kari, ola] = await cards();
    expect(await cards()).toHaveLength(2);
    expect(within(kari!).getByRole('link', { name: 'kari@havbris.no' })).toHaveAttribute('href', 'mailto:kari@havbris.no');
    expect(kari).toHaveTextContent(/Received 24 Nov 2026, \d\d:15/);
    expect(kari).toHaveTextContent('Havbris AS');
    expect(kari).toHaveTextContent('Team of 6-19');
    expect(kari).toHaveTextContent('We are 14 reps. Can we try Pro for a month?');
    expect(within(kari!).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:kari@havbris.no?subject=Your%20message%20to%20Dealboard',
    );
    expect(ola).toHaveTextContent('No company given');
    expect(ola).not.toHaveTextContent('Team of');
    expect(within(ola!).getByRole('button', { name: 'Mark handled' })).toBeInTheDocument();
    expect(listed(calls)).toEqual(['open']);
  });

  it('marks a request handled, and it leaves the open ones', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await cardOf('Ola Hansen')).getByRole('button', { name: 'Mark handled' }));
    expect(await findToast('Marked as handled')).toBeTruthy();
    expect(changes(calls)).toEqual([['PATCH', '/api/v1/admin/contact-requests/r2', { handled: true }]]);
    expect(await screen.findByRole('heading', { name: /^Contact requests ?1 open$/ })).toBeInTheDocument();
    expect((await cards()).map((card) => card.querySelector('p')!.textContent)).toEqual(['Kari Nordmann']);
  });

  it('shows the handled ones on their own, and opens one again', async () => {
    const calls = stubServer();
    const user = renderPage();
    await cards();
    await user.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Handled' }));
    await vi.waitFor(async () => expect((await cards()).map((card) => card.querySelector('p')!.textContent)).toEqual(['Per Persen']));
    const per = await cardOf('Per Persen');
    expect(per).toHaveTextContent(/Handled 22 Nov 2026/);
    await user.click(within(per).getByRole('button', { name: 'Open again' }));
    expect(await findToast('Opened again')).toBeTruthy();
    expect(changes(calls)).toEqual([['PATCH', '/api/v1/admin/contact-requests/r3', { handled: false }]]);
    expect(await screen.findByText('Nothing handled yet')).toBeInTheDocument();
    expect(listed(calls)).toEqual(['open', 'handled', 'handled']);
  });

  it('deletes a request for good after a confirmation that names the sender', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(within(await cardOf('Kari Nordmann')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this request?' });
    expect(dialog).toHaveTextContent(
      'The message from Kari Nordmann is deleted for good. Do this when the sender asks to be forgotten or it is spam.',
    );
    expect(changes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Request deleted')).toBeTruthy();
    expect(changes(calls)).toEqual([['DELETE', '/api/v1/admin/contact-requests/r1', undefined]]);
    await vi.waitFor(async () => expect((await cards()).map((card) => card.querySelector('p')!.textContent)).toEqual(['Ola Hansen']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why the server refused a change, and the request stays as it was', async () => {
    stubServer({
      'PATCH /api/v1/admin/contact-requests/r1': refuse(404, { code: 'not_found', message: 'This contact request no longer exists.' }),
    });
    const user = renderPage();
    await user.click(within(await cardOf('Kari Nordmann')).getByRole('button', { name: 'Mark handled' }));
    expect((await findToast('Error: Could not change the request')).description).toEqual(['This contact request no longer exists.']);
    expect(within(await cardOf('Kari Nordmann')).getByRole('button', { name: 'Mark handled' })).toBeEnabled();
  });

  it('says when there is nothing open, and when the requests cannot load', async () => {
    let attempts = 0;
    stubServer({
      'GET /api/v1/admin/contact-requests': () =>
        ++attempts === 1
          ? refuse(500, { code: 'internal', message: 'Something went wrong' })
          : reply(200, { requests: [], openCount: 0 } satisfies ContactRequestList),
    });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading error: Could not load contact requests');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
    expect(screen.getByText('Requests sent through the contact form on the website (/contact) show up here.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact requests' })).toBeInTheDocument();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: /^Kontaktforespørsler ?2 åpne$/ })).toBeInTheDocument();
    const kari = await cardOf('Kari Nordmann');
    expect(kari).toHaveTextContent(/Mottatt 24\. nov\. 2026/);
    expect(kari).toHaveTextContent('Team på 6-19');
    expect(await cardOf('Ola Hansen')).toHaveTextContent('Selskap ikke oppgitt');
    await user.click(within(kari).getByRole('button', { name: 'Slett' }));
    expect(screen.getByRole('dialog', { name: 'Slette denne forespørselen?' })).toHaveTextContent(
      'Meldingen fra Kari Nordmann slettes for godt.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Slett' }));
    expect(await findToast('Forespørselen er slettet')).toBeTruthy();
  });
});
