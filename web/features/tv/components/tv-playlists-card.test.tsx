import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { TvPlaylistsCard } from './tv-playlists-card';

/* The TV playlist editor (decision 052): its refusals speak the reader's language and go as the field is fixed. */

function renderCard() {
  const calls = stubFetch({
    'GET /api/v1/tv-playlists': reply(200, { playlists: [] }),
    'GET /api/v1/teams': reply(200, { teams: [] }),
    'GET /api/v1/contests': reply(200, { contests: [], canCreate: true }),
  });
  renderWithProviders(
    <>
      <TvPlaylistsCard />
      <Toaster />
    </>,
    { me: makeTestAdminMe() },
  );
  return { calls, user: userEvent.setup() };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('the playlist editor', () => {
  it('refuses a blank name and a blank message on their fields, sends nothing, and drops each refusal once fixed', async () => {
    const { calls, user } = renderCard();
    await user.click((await screen.findAllByRole('button', { name: 'New playlist' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Screen 1' }));
    await user.click(await screen.findByRole('option', { name: 'A message' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save playlist' }));
    expect(within(dialog).getByText('Give the playlist a name (at most 80 characters)')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the message (at most 280 characters)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Sales floor');
    expect(within(dialog).queryByText('Give the playlist a name (at most 80 characters)')).not.toBeInTheDocument();
    // The other screen's refusal stays until its own field changes.
    expect(within(dialog).getByText('Write the message (at most 280 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message'), 'Pizza at four');
    expect(within(dialog).queryByText('Write the message (at most 280 characters)')).not.toBeInTheDocument();
  });

  it('says it in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    const { user } = renderCard();
    await user.click((await screen.findAllByRole('button', { name: 'Ny spilleliste' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre spilleliste' }));
    expect(within(dialog).getByText('Gi spillelisten et navn (høyst 80 tegn)')).toBeInTheDocument();
  });

  it('saves a contest screen that shows whatever contest is running, naming none (decision 087)', async () => {
    const { calls, user } = renderCard();
    await user.click((await screen.findAllByRole('button', { name: 'New playlist' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Contest wall');
    await user.click(within(dialog).getByRole('combobox', { name: 'Screen 1' }));
    await user.click(await screen.findByRole('option', { name: 'A contest' }));
    expect(within(dialog).getByText('A weekly or monthly contest moves on to its next round by itself.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Shows' }));
    await user.click(await screen.findByRole('option', { name: 'Whatever contest is running' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Contest' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save playlist' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Contest wall',
      screens: [{ kind: 'contest', durationSeconds: 20, follow: 'running' }],
    });
  });
});
