import type { SaveWrapup, SaveWrapupResult, Wrapup, WrapupToday } from '@core/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import { useTodayWrapup } from '../api/get-today-wrapup';
import { WrapupForm } from './wrapup-form';

const PREFILL = { calls: 14, meetings: 2, sales: 1, points: 20 };

/** The form as the wrap-up page shows it, fed by GET /wrapups/today. */
function Harness() {
  const today = useTodayWrapup();
  return today.data ? <WrapupForm today={today.data} /> : null;
}

/**
 * The server's today: PUT creates today's wrap-up the first time (created: true) and updates it
 * after (created: false), as server/modules/wrapups does. `saveAnswer` replaces the PUT's answer.
 */
function renderForm(saveAnswer?: () => StubReply | Promise<StubReply>) {
  let saved: Wrapup | null = null;
  const calls = stubFetch({
    'GET /api/v1/wrapups/today': () => reply(200, { date: '2026-11-23', saved, prefill: PREFILL } satisfies WrapupToday),
    'PUT /api/v1/wrapups/today': (call) => {
      if (saveAnswer) return saveAnswer();
      const input = call.body as SaveWrapup;
      const created = saved === null;
      saved = {
        id: 'wrapup-1',
        date: '2026-11-23',
        calls: input.calls,
        meetings: input.meetings,
        sales: input.sales,
        points: input.points,
        good: input.good || null,
        improve: input.improve || null,
        createdAt: saved?.createdAt ?? '2026-11-23T15:00:00.000Z',
        updatedAt: created ? '2026-11-23T15:00:00.000Z' : '2026-11-23T15:30:00.000Z',
      };
      return reply(200, { wrapup: saved, created } satisfies SaveWrapupResult);
    },
  });
  renderWithProviders(
    <>
      <Harness />
      <Toaster />
    </>,
  );
  const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/v1/wrapups/today').map((c) => c.body);
  return { user: userEvent.setup(), puts };
}

beforeEach(() => void i18n.changeLanguage('nb'));
afterEach(async () => {
  vi.unstubAllGlobals();
  dismissAllToasts();
  await i18n.changeLanguage('en');
});

describe('WrapupForm', () => {
  it("says 'Oppsummering lagret' on the first save of the day and 'Oppsummering oppdatert' on the next", async () => {
    const { user, puts } = renderForm();
    const calls = await screen.findByRole('spinbutton', { name: 'Samtaler' });
    expect(calls).toHaveValue(14);
    expect(screen.getByRole('spinbutton', { name: 'Poeng' })).toHaveValue(20);
    await user.type(screen.getByRole('textbox', { name: 'Hva gikk bra?' }), 'To møter booket');
    await user.click(screen.getByRole('button', { name: 'Lagre oppsummering' }));

    let toast = await findToast('Oppsummering lagret');
    expect(toast.description).toEqual(['Godt jobbet i dag. Vi ses i morgen!']);

    await user.clear(calls);
    await user.type(calls, '16');
    await user.click(await screen.findByRole('button', { name: 'Oppdater oppsummering' }));
    toast = await findToast('Oppsummering oppdatert');
    expect(toast.description).toEqual(['Godt jobbet i dag. Vi ses i morgen!']);

    expect(puts()).toEqual([
      { calls: 14, meetings: 2, sales: 1, points: 20, good: 'To møter booket', improve: '' },
      { calls: 16, meetings: 2, sales: 1, points: 20, good: 'To møter booket', improve: '' },
    ]);
  });

  it("says 'Feil: Kunne ikke lagre oppsummering' in Norwegian, with the refusal in Norwegian too", async () => {
    const { user } = renderForm(() => reply(400, { error: { code: 'bad_request', message: 'Calls can be at most 100000' } }));
    await user.click(await screen.findByRole('button', { name: 'Lagre oppsummering' }));

    const { description } = await findToast('Feil');
    expect(description).toEqual(['Kunne ikke lagre oppsummering. Noe er ikke gyldig. Sjekk feltene og prøv igjen.']);
    expect(screen.getByRole('button', { name: 'Lagre oppsummering' })).toBeEnabled();
  });

  it("says exactly 'Feil: Kunne ikke lagre oppsummering' when the network fails", async () => {
    const { user } = renderForm(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(await screen.findByRole('button', { name: 'Lagre oppsummering' }));

    const { description } = await findToast('Feil');
    expect(description).toEqual(['Kunne ikke lagre oppsummering']);
  });

  it('shows Lagrer... and takes no second save while one runs', async () => {
    let release: (answer: StubReply) => void = () => undefined;
    const { user, puts } = renderForm(() => new Promise<StubReply>((resolve) => (release = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Lagre oppsummering' }));

    const saving = await screen.findByRole('button', { name: 'Lagrer...' });
    expect(saving).toBeDisabled();
    await user.click(saving);
    expect(puts()).toHaveLength(1);
    release(reply(500, { error: { code: 'internal', message: 'Internal error' } }));
    expect((await findToast('Feil')).description).toEqual(['Kunne ikke lagre oppsummering. Forespørselen feilet (500). Prøv igjen.']);
  });
});

describe('typed against logged', () => {
  it('shows each typed number beside the log before saving, and still saves', async () => {
    await i18n.changeLanguage('en');
    const { user, puts } = renderForm();
    const calls = await screen.findByLabelText('Calls');
    expect(screen.queryByRole('region', { name: "Some numbers differ from today's log" })).not.toBeInTheDocument();
    await user.clear(calls);
    await user.type(calls, '17');
    const comparison = await screen.findByRole('region', { name: "Some numbers differ from today's log" });
    expect(comparison).toHaveTextContent('You typed');
    expect(comparison).toHaveTextContent('The log has');
    expect(screen.getByRole('row', { name: 'Calls 17 14' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save wrap-up' }));
    await vi.waitFor(() => expect(puts()).toEqual([expect.objectContaining({ calls: 17, meetings: 2 })]));
    // Back to what the log says: nothing to compare.
    await user.click(screen.getByRole('button', { name: "Use today's activity numbers" }));
    expect(screen.queryByRole('region', { name: "Some numbers differ from today's log" })).not.toBeInTheDocument();
  });
});
