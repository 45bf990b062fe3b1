import type { ProfileSettings } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
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

function renderCard(answers: Record<string, StubReply | ((call: RecordedCall) => Promise<StubReply>)>, current = profile()) {
  const calls = stubFetch(answers);
  renderWithProviders(
    <>
      <DigestCard />
      <Toaster />
    </>,
    { seed: (client) => client.setQueryData(queryKeys.settings.profile, current) },
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
