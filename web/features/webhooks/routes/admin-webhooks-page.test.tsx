import type { WebhookDelivery, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointInput, WebhookEndpointList } from '@core/contracts';
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
import { Component as AdminWebhooksPage } from './admin-webhooks-page';

const adminMe = makeTestAdminMe();
const CRM = '11111111-1111-4111-8111-111111111111';
const OLD = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';

const endpoint = (over: Partial<WebhookEndpoint> & Pick<WebhookEndpoint, 'id' | 'url'>): WebhookEndpoint => ({
  kind: 'webhook',
  description: '',
  events: ['sale.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> & Pick<WebhookDelivery, 'id'>): WebhookDelivery => ({
  eventType: 'sale.created',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  responseExcerpt: 'ok',
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-24T08:15:01.000Z',
  createdAt: '2026-11-24T08:15:00.000Z',
  ...over,
});

const ENDPOINTS: WebhookEndpoint[] = [
  endpoint({ id: CRM, url: 'https://crm.example.com/hooks', description: 'Our CRM', events: ['activity.created', 'sale.created'] }),
  endpoint({ id: OLD, url: 'https://old.example.com/in', enabled: false, disabledReason: 'failing', events: ['goal.reached'] }),
];

const DELIVERIES: Record<string, WebhookDelivery[]> = {
  [CRM]: [
    delivery({ id: 'd2', eventType: 'sale.created' }),
    delivery({
      id: 'd1',
      eventType: 'activity.created',
      status: 'pending',
      attempts: 2,
      responseStatus: 503,
      responseExcerpt: 'Service Unavailable',
      nextAttemptAt: '2026-11-24T09:00:00.000Z',
      createdAt: '2026-11-24T07:00:00.000Z',
    }),
  ],
  [OLD]: [
    delivery({ id: 'd9', eventType: 'goal.reached', status: 'failed', attempts: 8, responseStatus: 404, responseExcerpt: 'Not Found' }),
  ],
};

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

function stubServer(answers: Answers = {}, start: WebhookEndpoint[] = ENDPOINTS) {
  let list = [...start];
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/admin/webhooks': () => reply(200, { endpoints: list } satisfies WebhookEndpointList),
    [`GET /api/v1/admin/webhooks/${CRM}/deliveries`]: reply(200, { deliveries: DELIVERIES[CRM]! } satisfies WebhookDeliveryList),
    [`GET /api/v1/admin/webhooks/${OLD}/deliveries`]: reply(200, { deliveries: DELIVERIES[OLD]! } satisfies WebhookDeliveryList),
    [`GET /api/v1/admin/webhooks/${NEW}/deliveries`]: reply(200, { deliveries: [] } satisfies WebhookDeliveryList),
    'POST /api/v1/admin/webhooks': (call) => {
      const body = call.body as WebhookEndpointInput;
      const created = endpoint({ id: NEW, url: body.url, description: body.description ?? '', events: body.events });
      list = [...list, created];
      // Only the answer to adding carries the signing secret; the list never does.
      return reply(201, { ...created, secret: 'whsec_bmV3LXNlY3JldC1mb3ItdGhlLXRlc3Q=' });
    },
    [`DELETE /api/v1/admin/webhooks/${CRM}`]: () => {
      list = list.filter((each) => each.id !== CRM);
      return reply(200, { ok: true });
    },
    ...answers,
  });
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminWebhooksPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const rows = async (label = 'Webhook endpoints') =>
  within(await screen.findByRole('list', { name: label })).getAllByTestId('webhook-endpoint');
const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/admin/webhooks')).map((c) => [c.method, c.path, c.body]);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Webhooks: the list', () => {
  it('shows each endpoint with its URL, description, events, state, why it is off, and its last delivery', async () => {
    stubServer();
    renderPage();
    const [crm, old] = await rows();
    expect(crm).toHaveTextContent('https://crm.example.com/hooks');
    expect(crm).toHaveTextContent('Our CRM');
    expect(within(crm!).getByRole('list', { name: 'Events' })).toHaveTextContent('activity.createdsale.created');
    expect(crm).toHaveTextContent('On');
    expect(await within(crm!).findByTestId('webhook-last-delivery')).toHaveTextContent(
      'Last delivery: Delivered (HTTP 200) · sale.created · 24 Nov, 09:15',
    );
    expect(within(crm!).getByRole('button', { name: 'Send a test event to https://crm.example.com/hooks' })).toBeEnabled();

    expect(old).toHaveTextContent('Turned off after failures');
    expect(old).toHaveTextContent('Deliveries failed for a day, so this endpoint was turned off');
    expect(await within(old!).findByTestId('webhook-last-delivery')).toHaveTextContent('Last delivery: Failed (HTTP 404)');
    // A turned-off endpoint takes no test event; it offers to be turned on instead.
    expect(within(old!).queryByRole('button', { name: /Send a test event/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 of 20 endpoints')).toBeInTheDocument();
  });

  it('turns an endpoint the server disabled on again', async () => {
    const calls = stubServer({
      [`PATCH /api/v1/admin/webhooks/${OLD}`]: reply(200, endpoint({ ...ENDPOINTS[1]!, enabled: true, disabledReason: null })),
    });
    const user = renderPage();
    const [, old] = await rows();
    await user.click(within(old!).getByRole('button', { name: 'Turn https://old.example.com/in on again' }));
    await findToast('Endpoint turned on');
    expect(writes(calls)).toEqual([['PATCH', `/api/v1/admin/webhooks/${OLD}`, { enabled: true }]]);
  });

  it('explains webhooks when there are none, with a way to add one', async () => {
    stubServer({}, []);
    const user = renderPage();
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    expect(screen.getByText(/A webhook tells another system the moment something happens here/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add a webhook endpoint' })).toBeInTheDocument();
  });

  it('says so when the list cannot load, and tries again', async () => {
    let fail = true;
    stubServer({
      'GET /api/v1/admin/webhooks': () =>
        fail ? refuse(500, { code: 'internal', message: 'The server had a problem.' }) : reply(200, { endpoints: ENDPOINTS }),
    });
    const user = renderPage();
    expect(await screen.findByText('The webhook endpoints could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await rows()).toHaveLength(2);
  });

  it('reads in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    const [crm, old] = await rows('Webhook-endepunkter');
    expect(await within(crm!).findByTestId('webhook-last-delivery')).toHaveTextContent('Siste levering: Levert (HTTP 200)');
    expect(old).toHaveTextContent('Slått av etter feil');
    expect(within(old!).getByRole('button', { name: 'Slå på https://old.example.com/in igjen' })).toBeInTheDocument();
  });
});

describe('Administration, Webhooks: the dialog', () => {
  it('checks the URL and the events before sending anything', async () => {
    const calls = stubServer();
    const user = renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(/Enter the URL that receives the events/);
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'crm.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(/Enter a full URL that starts with https:\/\//);
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal of the URL on the field, in Norwegian, and keeps everything typed", async () => {
    await i18n.changeLanguage('nb');
    const calls = stubServer({
      'POST /api/v1/admin/webhooks': refuse(400, {
        code: 'bad_request',
        message:
          'internal.example resolves to 10.0.0.5, a private, loopback or otherwise internal address: webhooks go to public addresses only.',
        details: {
          url: 'internal.example resolves to 10.0.0.5, a private, loopback or otherwise internal address: webhooks go to public addresses only.',
        },
      }),
    });
    const user = renderPage();
    await rows('Webhook-endepunkter');
    await user.click(screen.getByRole('button', { name: 'Legg til endepunkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legg til et webhook-endepunkt' });
    await user.type(within(dialog).getByLabelText('Endepunktets URL'), 'https://internal.example/hook');
    await user.type(within(dialog).getByLabelText(/Beskrivelse/), 'Lageret');
    await user.click(within(dialog).getByLabelText('sale.created'));
    await user.click(within(dialog).getByLabelText('member.joined'));
    await user.click(within(dialog).getByRole('button', { name: 'Legg til endepunkt' }));

    const url = within(dialog).getByLabelText('Endepunktets URL');
    await vi.waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        /internal\.example peker til 10\.0\.0\.5, en privat, lokal eller annen intern adresse: webhooks går bare til offentlige adresser\./,
      ),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('https://internal.example/hook');
    expect(within(dialog).getByLabelText(/Beskrivelse/)).toHaveValue('Lageret');
    expect(within(dialog).getByLabelText('sale.created')).toBeChecked();
    expect(within(dialog).getByLabelText('member.joined')).toBeChecked();
    expect(writes(calls)).toEqual([
      [
        'POST',
        '/api/v1/admin/webhooks',
        { url: 'https://internal.example/hook', description: 'Lageret', events: ['sale.created', 'member.joined'], enabled: true },
      ],
    ]);
  });

  it('edits an endpoint: its fields come filled in, and Save sends them', async () => {
    const calls = stubServer({ [`PATCH /api/v1/admin/webhooks/${CRM}`]: reply(200, ENDPOINTS[0]) });
    const user = renderPage();
    const [crm] = await rows();
    await user.click(within(crm!).getByRole('button', { name: 'Edit https://crm.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the webhook endpoint' });
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveValue('https://crm.example.com/hooks');
    await user.click(within(dialog).getByLabelText('activity.created'));
    await user.click(within(dialog).getByRole('switch', { name: /On: send deliveries/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Endpoint saved');
    expect(writes(calls)).toEqual([
      [
        'PATCH',
        `/api/v1/admin/webhooks/${CRM}`,
        { url: 'https://crm.example.com/hooks', description: 'Our CRM', events: ['sale.created'], enabled: false },
      ],
    ]);
  });
});

describe('Administration, Webhooks: the secret, tests, the log, deleting', () => {
  it('shows the new signing secret once after adding, with Copy and how to verify', async () => {
    stubServer();
    const user = renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://erp.example.com/in');
    await user.click(within(form).getByLabelText('Select all'));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const reveal = await screen.findByRole('dialog', { name: 'Endpoint added: copy its signing secret' });
    expect(within(reveal).getByLabelText('Signing secret')).toHaveValue('whsec_bmV3LXNlY3JldC1mb3ItdGhlLXRlc3Q=');
    expect(reveal).toHaveTextContent('Shown this once');
    expect(reveal).toHaveTextContent(/Standard Webhooks/);
    expect(within(reveal).getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
    await user.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_bmV3LXNlY3JldC1mb3ItdGhlLXRlc3Q=');
    expect(within(reveal).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list never shows a secret.
    expect(await rows()).toHaveLength(3);
    expect(document.body).not.toHaveTextContent('whsec_');
  });

  it('rotates the secret only after confirming, and shows the new one', async () => {
    const calls = stubServer({
      [`POST /api/v1/admin/webhooks/${CRM}/rotate-secret`]: reply(200, { ...ENDPOINTS[0]!, secret: 'whsec_cm90YXRlZA==' }),
    });
    const user = renderPage();
    const [crm] = await rows();
    await user.click(within(crm!).getByRole('button', { name: 'Rotate the signing secret of https://crm.example.com/hooks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(confirm).toHaveTextContent('The old secret stops verifying at once');
    expect(writes(calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const reveal = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(reveal).getByLabelText('Signing secret')).toHaveValue('whsec_cm90YXRlZA==');
    expect(writes(calls)).toEqual([['POST', `/api/v1/admin/webhooks/${CRM}/rotate-secret`, undefined]]);
  });

  it('deletes an endpoint only after confirming', async () => {
    const calls = stubServer();
    const user = renderPage();
    const [crm] = await rows();
    await user.click(within(crm!).getByRole('button', { name: 'Delete https://crm.example.com/hooks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(confirm).toHaveTextContent('Nothing more is sent to https://crm.example.com/hooks, and its delivery log is deleted with it.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    expect(await rows()).toHaveLength(2);

    await user.click(within(crm!).getByRole('button', { name: 'Delete https://crm.example.com/hooks' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete endpoint' }),
    );
    await findToast('Endpoint deleted');
    expect(writes(calls)).toEqual([['DELETE', `/api/v1/admin/webhooks/${CRM}`, undefined]]);
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it('sends a test event and opens the log: each delivery with its status, code, attempts and times; Resend for finished ones', async () => {
    const calls = stubServer({
      [`POST /api/v1/admin/webhooks/${CRM}/test`]: reply(202, { ok: true }),
      [`POST /api/v1/admin/webhooks/${CRM}/deliveries/d2/resend`]: reply(200, delivery({ id: 'd2', status: 'pending', attempts: 0 })),
    });
    const user = renderPage();
    const [crm] = await rows();
    const logButton = within(crm!).getByRole('button', { name: 'Delivery log of https://crm.example.com/hooks' });
    expect(logButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(crm!).getByRole('button', { name: 'Send a test event to https://crm.example.com/hooks' }));
    await findToast('Test event on its way');
    expect(logButton).toHaveAttribute('aria-expanded', 'true');

    const log = within(crm!).getByRole('region', { name: 'Delivery log' });
    const [delivered, retrying] = await within(log).findAllByTestId('webhook-delivery');
    expect(delivered).toHaveTextContent('sale.created');
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('HTTP 200');
    expect(delivered).toHaveTextContent('24 Nov, 09:15');
    expect(retrying).toHaveTextContent('Retrying');
    expect(retrying).toHaveTextContent('Service Unavailable');
    expect(retrying).toHaveTextContent('HTTP 503');
    expect(retrying).toHaveTextContent('24 Nov, 10:00'); // the next attempt, in the company's zone
    // A delivery still waiting is not resent (the server refuses); a finished one is.
    expect(within(retrying!).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    const deliveriesReadBefore = calls.filter((c) => c.method === 'GET' && c.path.endsWith(`${CRM}/deliveries`)).length;
    await user.click(within(delivered!).getByRole('button', { name: 'Resend the sale.created delivery of 24 Nov, 09:15' }));
    await findToast('Delivery queued again');
    expect(writes(calls)).toEqual([
      ['POST', `/api/v1/admin/webhooks/${CRM}/test`, undefined],
      ['POST', `/api/v1/admin/webhooks/${CRM}/deliveries/d2/resend`, undefined],
    ]);
    // The log is read again after the resend.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path.endsWith(`${CRM}/deliveries`)).length).toBeGreaterThan(deliveriesReadBefore),
    );
  });
});
