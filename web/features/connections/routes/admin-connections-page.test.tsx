import type { ActivityTypeList, InboundPayload, InboundPayloadList, InboundSource, InboundSourceList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminConnectionsPage } from './admin-connections-page';

const adminMe = makeTestAdminMe();
const ZAP = '11111111-1111-4111-8111-111111111111';
const NEW = '33333333-3333-4333-8333-333333333333';

const source = (over: Partial<InboundSource> & Pick<InboundSource, 'id' | 'name'>): InboundSource => ({
  signature: 'standard_webhooks',
  signatureHeader: 'x-signature',
  mapping: null,
  enabled: true,
  url: `https://dealboard.example.com/api/v1/inbound/${over.id}`,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastReceivedAt: '2026-12-07T12:45:00.000Z',
  ...over,
});

const payload = (over: Partial<InboundPayload> & Pick<InboundPayload, 'id'>): InboundPayload => ({
  receivedAt: '2026-12-07T12:45:00.000Z',
  result: 'kept',
  refusal: null,
  reason: null,
  externalId: null,
  activityId: null,
  body: null,
  ...over,
});

const CALL = { id: 48213, type: 'CALL', disposition: 'booked', owner: { email: 'Kari@firma.no' }, company: 'Fjord AS', amount: '12500.50' };

function stubServer(start: InboundSource[] = [source({ id: ZAP, name: 'Zapier: Aircall' })]) {
  let list = [...start];
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/admin/inbound-sources': () => reply(200, { sources: list } satisfies InboundSourceList),
    'GET /api/v1/activity-types': reply(200, { types: [], myUse: {} } as unknown as ActivityTypeList),
    [`GET /api/v1/admin/inbound-sources/${ZAP}/payloads`]: reply(200, {
      payloads: [
        payload({ id: 'p2', body: CALL }),
        payload({
          id: 'p1',
          result: 'refused',
          refusal: 'unknown_member',
          reason: 'No member of your company with the e-mail address ola@firma.no.',
          externalId: '48200',
          body: { ...CALL, id: 48200, owner: { email: 'ola@firma.no' } },
          receivedAt: '2026-12-07T12:40:00.000Z',
        }),
      ],
    } satisfies InboundPayloadList),
    [`PATCH /api/v1/admin/inbound-sources/${ZAP}`]: (call) => {
      list = list.map((each) => (each.id === ZAP ? { ...each, ...(call.body as Partial<InboundSource>) } : each));
      return reply(
        200,
        list.find((each) => each.id === ZAP)!,
      );
    },
    'POST /api/v1/admin/inbound-sources': (call) => {
      const created = source({ id: NEW, name: (call.body as { name: string }).name, lastReceivedAt: null });
      list = [...list, created];
      return reply(201, { ...created, secret: 'whsec_bmV3LXNlY3JldC1mb3ItdGhlLXRlc3Q=' });
    },
  });
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminConnectionsPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/admin/inbound-sources')).map((c) => [c.method, c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Connections: inbound sources', () => {
  it('lists each source with its URL, state and whether it is mapped, and its log says what became of each payload', async () => {
    stubServer();
    const user = renderPage();
    const list = await screen.findByRole('list', { name: 'Inbound sources' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Zapier: Aircall');
    expect(row).toHaveTextContent('On');
    expect(row).toHaveTextContent('Not mapped yet');
    expect(within(row!).getByRole('textbox', { name: 'URL' })).toHaveValue(`https://dealboard.example.com/api/v1/inbound/${ZAP}`);
    await user.click(within(row!).getByRole('button', { name: 'Log' }));
    const log = await within(row!).findByRole('list', { name: 'Payloads received by Zapier: Aircall' });
    expect(log).toHaveTextContent('Kept for the mapping');
    expect(log).toHaveTextContent('Refused');
    expect(log).toHaveTextContent('No member of your company matches the payload.');
  });

  it('adds a source and shows its secret once', async () => {
    const calls = stubServer([]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add source' }));
    await user.type(screen.getByLabelText('Name'), 'Make: won deals');
    await user.click(screen.getByRole('button', { name: 'Add source' }));
    expect(await screen.findByRole('dialog', { name: 'Your source is ready' })).toBeInTheDocument();
    expect(screen.getByTestId('inbound-secret')).toHaveValue('whsec_bmV3LXNlY3JldC1mb3ItdGhlLXRlc3Q=');
    expect(writes(calls)).toEqual([['POST', '/api/v1/admin/inbound-sources', { name: 'Make: won deals', signature: 'standard_webhooks' }]]);
  });

  it('maps against the last payload: shows what it reads, says what is missing, and saves the mapping', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapping of Zapier: Aircall' });
    // The payload the source really sent is there to map against.
    expect(await within(dialog).findByRole('region', { name: 'Payload' })).toHaveTextContent('"disposition": "booked"');
    await user.type(within(dialog).getByLabelText('Whose activity'), 'owner.email');
    const reads = within(dialog).getByRole('region', { name: 'Try it on what was sent' });
    expect(reads).toHaveTextContent('Call · Record 48213 for kari@firma.no');
    await user.type(within(dialog).getAllByLabelText('Path')[0]!, 'disposition');
    // An outcome read from the payload needs its table before the mapping reads anything.
    expect(reads).toHaveTextContent('The mapping is not complete yet');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    await user.type(within(dialog).getByLabelText('Value in the payload 1'), 'connected');
    await user.type(within(dialog).getByLabelText('Outcome 1'), 'no_progress');
    // A value the table does not have is refused, as the server will refuse it.
    expect(reads).toHaveTextContent('A value in the payload cannot be read as the mapping says.');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    await user.type(within(dialog).getByLabelText('Value in the payload 2'), 'booked');
    await user.type(within(dialog).getByLabelText('Outcome 2'), 'meeting_booked');
    expect(reads).toHaveTextContent('Outcome: meeting_booked');
    await user.type(within(dialog).getByLabelText('Customer (optional)'), 'company');
    expect(reads).toHaveTextContent('Customer: Fjord AS');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await findToast('Mapping saved: what Zapier: Aircall sends next is logged');
    expect(writes(calls)).toEqual([
      [
        'PATCH',
        `/api/v1/admin/inbound-sources/${ZAP}`,
        {
          mapping: {
            externalId: { path: 'id' },
            member: { path: 'owner.email', by: 'email' },
            kind: { value: 'call' },
            outcome: { path: 'disposition', values: { connected: 'no_progress', booked: 'meeting_booked' } },
            value: null,
            fields: null,
            customer: { path: 'company' },
            notes: null,
            time: null,
            deleted: null,
          },
        },
      ],
    ]);
  });

  it('refuses to save a mapping without whose activity it is, at the field', async () => {
    const calls = stubServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapping of Zapier: Aircall' });
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    expect(within(dialog).getByLabelText('Whose activity')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    expect(await screen.findByRole('list', { name: 'Innkommende kilder' })).toHaveTextContent('Ikke koblet ennå');
    expect(screen.getByRole('button', { name: 'Kobling' })).toBeInTheDocument();
  });
});
