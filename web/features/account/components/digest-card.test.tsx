import type { ProfileSettings } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestAdminMe, makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import { DigestCard } from './digest-card';

const profile = (over: Partial<ProfileSettings> = {}): ProfileSettings => ({
  displayName: 'Rita Rep',
  avatarUrl: null,
  email: 'rita@example.com',
  language: null,
  digestOptOut: false,
  ...over,
});

function renderCard(
  answers: Record<string, StubReply | ((call: RecordedCall) => Promise<StubReply>)>,
  current = profile(),
  me = makeTestMe(),
) {
  const calls = stubFetch(answers);
  renderWithProviders(
    <>
      <DigestCard />
      <Toaster />
    </>,
    { me, seed: (client) => client.setQueryData(queryKeys.settings.profile, current) },
  );
  return calls;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => dismissAllToasts());

describe('the weekly digest switch on Personal settings', () => {
  it('turns the digest off with one flip, saves it at once and says so', async () => {
    const calls = renderCard({ 'PATCH /api/v1/me/profile': reply(200, profile({ digestOptOut: true })) });
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Mail me the weekly digest' });
    expect(toggle).toBeChecked();
    expect(screen.getByText(/On: it comes every Monday from 07:00/)).toBeInTheDocument();

    await user.click(toggle);
    await findToast('The weekly digest is off');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ digestOptOut: true });
    expect(screen.getByRole('switch', { name: 'Mail me the weekly digest' })).not.toBeChecked();
    expect(screen.getByText(/Off: you get no weekly digest/)).toBeInTheDocument();
  });

  it('speaks Norwegian, and keeps the saved state when saving fails', async () => {
    await i18n.changeLanguage('nb');
    renderCard(
      { 'PATCH /api/v1/me/profile': reply(500, { error: { code: 'internal', message: 'Noe gikk galt' } }) },
      profile({ digestOptOut: true }),
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Send meg ukeoppsummeringen' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await findToast('Innstillingen for ukeoppsummering kunne ikke lagres');
    expect(screen.getByRole('switch', { name: 'Send meg ukeoppsummeringen' })).not.toBeChecked();
  });
});

describe("an admin's preview of this week's digest (decision 088)", () => {
  const preview = {
    weekStart: '2026-11-30',
    weekEnd: '2026-12-06',
    sendsAt: '2026-12-07T06:00:00.000Z',
    subject: 'Your week 30 Nov – 6 Dec',
    html: '<p>Hello Astrid</p>',
    isEmpty: false,
  };

  it('shows the mail as it will go, and when, and sends it to the admin', async () => {
    const calls = renderCard(
      {
        'GET /api/v1/digest/preview': reply(200, preview),
        'POST /api/v1/digest/preview/send': reply(200, { sentTo: 'astrid@example.com' }),
      },
      profile(),
      makeTestAdminMe(),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Preview this week's digest" }));
    const dialog = await screen.findByRole('dialog', { name: "This week's digest, so far" });
    expect(await screen.findByTestId('digest-preview-frame')).toHaveAttribute('srcdoc', '<p>Hello Astrid</p>');
    expect(screen.getByTestId('digest-preview-frame')).toHaveAttribute('sandbox', '');
    expect(dialog).toHaveTextContent('Your week 30 Nov – 6 Dec');
    expect(dialog).toHaveTextContent(/6 Dec · It goes out Mon.*7 Dec/);
    await user.click(screen.getAllByRole('button', { name: 'Send it to me' }).at(-1)!);
    expect((await findToast('The preview is on its way')).description).toEqual(['astrid@example.com']);
    expect(calls.filter((call) => call.path === '/api/v1/digest/preview/send')).toHaveLength(1);
  });

  it("never shows the mail read in another language after the language changes: the new one's, once read", async () => {
    let language = 'en';
    // The Norwegian read answers when the test says so: the placeholder is checked while it is out,
    // whatever the machine's speed (a timer of 50 ms ran out first on a busy machine).
    let answerNorwegian = () => {};
    const norwegianAsked = new Promise<void>((resolve) => (answerNorwegian = resolve));
    renderCard(
      {
        'GET /api/v1/digest/preview': async () => {
          const html = language === 'en' ? '<p>Hello Astrid</p>' : '<p>Hei Astrid</p>';
          if (language !== 'en') await norwegianAsked;
          return reply(200, { ...preview, html });
        },
      },
      profile(),
      makeTestAdminMe(),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Preview this week's digest" }));
    expect(await screen.findByTestId('digest-preview-frame')).toHaveAttribute('srcdoc', '<p>Hello Astrid</p>');
    await user.keyboard('{Escape}');
    language = 'nb';
    await i18n.changeLanguage('nb');
    await user.click(await screen.findByRole('button', { name: 'Forhåndsvis ukens oppsummering' }));
    await screen.findByRole('dialog', { name: 'Ukens oppsummering så langt' });
    // While the Norwegian mail is read: a placeholder, not the English one.
    expect(screen.queryByTestId('digest-preview-frame')).toBeNull();
    answerNorwegian();
    expect(await screen.findByTestId('digest-preview-frame')).toHaveAttribute('srcdoc', '<p>Hei Astrid</p>');
  });

  it('is not offered to a rep', async () => {
    renderCard({}, profile(), makeTestMe());
    await screen.findByRole('switch');
    expect(screen.queryByRole('button', { name: "Preview this week's digest" })).toBeNull();
  });
});
