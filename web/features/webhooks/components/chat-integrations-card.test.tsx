import type { ChatIntegration, ChatIntegrationInput, ChatIntegrationList } from '@core/contracts';
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
import { ChatIntegrationsCard } from './chat-integrations-card';

const adminMe = makeTestAdminMe();

const integration = (over: Partial<ChatIntegration> & Pick<ChatIntegration, 'id' | 'platform'>): ChatIntegration => ({
  urlHint: 'hooks.slack.com/…Wx9z',
  language: 'en',
  choices: { sales: true, goals: true, dailySummary: { enabled: true, localTime: '16:30' } },
  enabled: true,
  disabledReason: null,
  nextSummaryAt: '2026-11-24T15:30:00.000Z',
  lastDelivery: {
    eventType: 'sale.created',
    status: 'succeeded',
    attempts: 1,
    responseStatus: 200,
    responseExcerpt: 'ok',
    at: '2026-11-24T08:15:00.000Z',
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const CHANNELS: ChatIntegration[] = [
  integration({ id: 'c1', platform: 'slack' }),
  integration({
    id: 'c2',
    platform: 'teams',
    urlHint: 'acme.webhook.office.com/…f00d',
    language: 'nb',
    choices: { sales: false, goals: true, dailySummary: { enabled: false, localTime: '16:00' } },
    enabled: false,
    disabledReason: 'failing',
    nextSummaryAt: null,
    lastDelivery: {
      eventType: 'goal.reached',
      status: 'failed',
      attempts: 8,
      responseStatus: 404,
      responseExcerpt: 'Webhook not found',
      at: '2026-11-23T09:00:00.000Z',
    },
  }),
];

type Answers = Record<string, StubReply | ((call: RecordedCall) => StubReply)>;

function stubServer(answers: Answers = {}, start: ChatIntegration[] = CHANNELS) {
  let list = [...start];
  return stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/admin/chat-integrations': () => reply(200, { integrations: list } satisfies ChatIntegrationList),
    'POST /api/v1/admin/chat-integrations': (call) => {
      const body = call.body as ChatIntegrationInput;
      const created = integration({
        id: 'c9',
        platform: body.platform,
        language: body.language,
        choices: body.choices,
        lastDelivery: null,
      });
      list = [...list, created];
      return reply(201, created);
    },
    'DELETE /api/v1/admin/chat-integrations/c1': () => {
      list = list.filter((c) => c.id !== 'c1');
      return reply(200, { ok: true });
    },
    'POST /api/v1/admin/chat-integrations/c1/test': reply(202, { ok: true }),
    ...answers,
  });
}

function renderCard() {
  renderWithProviders(
    <AuthProvider>
      <ChatIntegrationsCard />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

const sent = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/v1/admin/chat')).map((c) => [c.method, c.path, c.body]);
const rows = async () => within(await screen.findByRole('list', { name: 'Connected channels' })).getAllByRole('listitem');

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Integrations: Slack and Microsoft Teams', () => {
  it('lists each channel with what it posts, its language, its last post, and why it was turned off', async () => {
    stubServer();
    renderCard();
    const [slack, teams] = await rows();
    expect(slack).toHaveTextContent('Slack');
    expect(slack).toHaveTextContent('hooks.slack.com/…Wx9z');
    expect(slack).toHaveTextContent('On');
    expect(slack).toHaveTextContent('Posts each sale, goals reached, a daily summary at 16:30 · English');
    expect(slack).toHaveTextContent('Last post delivered (HTTP 200) · 24 Nov, 09:15');
    expect(teams).toHaveTextContent('Microsoft Teams');
    expect(teams).toHaveTextContent('Turned off');
    expect(teams).toHaveTextContent('Posts failed for a day');
    expect(teams).toHaveTextContent('Posts goals reached · Norwegian');
    expect(teams).toHaveTextContent('Last post failed (HTTP 404)');
    expect(teams).toHaveTextContent('Webhook not found');
    // A channel that is off cannot be tested until it is on again.
    expect(within(teams!).getByRole('button', { name: 'Send a test message to Microsoft Teams' })).toBeDisabled();
  });

  it('says there are none yet, with a way to add one', async () => {
    stubServer({}, []);
    renderCard();
    expect(await screen.findByText('No channels yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add a channel' })).toHaveLength(2);
  });

  it('shows a load error with a retry', async () => {
    stubServer({ 'GET /api/v1/admin/chat-integrations': refuse(500, { code: 'internal', message: 'Something went wrong' }) });
    renderCard();
    expect(await screen.findByText('Could not load the channels')).toBeInTheDocument();
  });

  it('adds a channel: a URL of the other platform is refused on the field; the language defaults to the admin’s', async () => {
    const calls = stubServer();
    const user = renderCard();
    await rows();
    await user.click(screen.getAllByRole('button', { name: 'Add a channel' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add a Slack or Teams channel' });
    expect(within(dialog).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(dialog).toHaveTextContent('Apps → Incoming Webhooks');

    const url = within(dialog).getByLabelText('Webhook URL');
    await user.type(url, 'https://acme.webhook.office.com/webhookb2/x');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    expect(url).toHaveAccessibleDescription(/Paste the Slack incoming-webhook URL/);
    expect(sent(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Microsoft Teams' }));
    expect(dialog).toHaveTextContent('Workflows');
    await user.click(within(dialog).getByRole('switch', { name: 'Each sale, with the rep and the value' }));
    await user.click(within(dialog).getByRole('switch', { name: 'A daily summary at' }));
    const time = within(dialog).getByLabelText('Time of the daily summary');
    await user.clear(time);
    await user.type(time, '08:00');
    await user.click(within(dialog).getByRole('radio', { name: 'Norwegian' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));

    expect(await findToast('Microsoft Teams channel added')).toBeTruthy();
    expect(sent(calls)).toEqual([
      [
        'POST',
        '/api/v1/admin/chat-integrations',
        {
          platform: 'teams',
          url: 'https://acme.webhook.office.com/webhookb2/x',
          language: 'nb',
          choices: { sales: false, goals: true, dailySummary: { enabled: true, localTime: '08:00' } },
        },
      ],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the language defaults to Norwegian for a Norwegian admin', async () => {
    await i18n.changeLanguage('nb');
    stubServer({}, []);
    const user = renderCard();
    await screen.findByText('Ingen kanaler ennå');
    await user.click(screen.getAllByRole('button', { name: 'Legg til kanal' })[0]!);
    expect(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Norsk' })).toBeChecked();
  });

  it('puts the server’s refusal of the URL on the field', async () => {
    stubServer({
      'POST /api/v1/admin/chat-integrations': refuse(400, {
        code: 'invalid_input',
        message: 'That URL was refused',
        details: { url: 'That URL was refused' },
      }),
    });
    const user = renderCard();
    await rows();
    await user.click(screen.getAllByRole('button', { name: 'Add a channel' })[0]!);
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.slack.com/services/T1/B2/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
    expect(await within(dialog).findByText('That URL was refused')).toBeInTheDocument();
  });

  it('edits a channel without resending its URL, sends a test message, and deletes after confirming', async () => {
    const calls = stubServer({
      'PATCH /api/v1/admin/chat-integrations/c1': (call) => reply(200, { ...CHANNELS[0]!, ...(call.body as object) }),
    });
    const user = renderCard();
    const [slack] = await rows();

    await user.click(within(slack!).getByRole('button', { name: 'Edit the Slack channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the Slack channel' });
    expect(within(dialog).getByRole('radio', { name: 'Microsoft Teams' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Leave empty to keep hooks.slack.com/…Wx9z.');
    await user.click(within(dialog).getByRole('switch', { name: 'Goals reached' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Channel saved')).toBeTruthy();

    await user.click(within(slack!).getByRole('button', { name: 'Send a test message to Slack' }));
    expect(await findToast('Test message on its way')).toBeTruthy();

    await user.click(within(slack!).getByRole('button', { name: 'Delete the Slack channel' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this Slack channel?' });
    expect(confirm).toHaveTextContent('stops posting to hooks.slack.com/…Wx9z');
    await user.click(within(confirm).getByRole('button', { name: 'Delete channel' }));
    expect(await findToast('Channel deleted')).toBeTruthy();

    expect(sent(calls)).toEqual([
      [
        'PATCH',
        '/api/v1/admin/chat-integrations/c1',
        { language: 'en', choices: { sales: true, goals: false, dailySummary: { enabled: true, localTime: '16:30' } }, enabled: true },
      ],
      ['POST', '/api/v1/admin/chat-integrations/c1/test', undefined],
      ['DELETE', '/api/v1/admin/chat-integrations/c1', undefined],
    ]);
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));
  });
});
