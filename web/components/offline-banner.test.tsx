import { dehydrate, onlineManager, QueryClient, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import {
  computeCacheBuster,
  confirmCacheOwner,
  devicePersister,
  forgetPersistedQueries,
  shouldPersistQuery,
  startCacheFor,
} from '@web/lib/query-persistence';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { OfflineBanner } from './offline-banner';

/*
 * Offline, a screen shows what the device kept and says from when; a screen never opened on the
 * device says it needs a connection (decision 082). The kept cache is the member's only.
 */

const BOARD_KEY = ['scoreboard', 'leaderboard', { period: 'today' }];
const KEPT_AT = Date.parse('2026-12-03T09:42:00Z'); // 10:42 in Oslo

/** A screen reading the board: an observer, so the query is the screen's (active). */
function Board({ queryKey }: { queryKey: unknown[] }) {
  const board = useQuery({ queryKey, queryFn: () => new Promise<string>(() => {}) });
  return <p>{board.data ?? 'skeleton'}</p>;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-12-03T13:00:00Z'));
});
afterEach(() => {
  act(() => onlineManager.setOnline(true));
  vi.useRealTimers();
});

describe('OfflineBanner', () => {
  it('says nothing online', () => {
    renderWithProviders(
      <>
        <OfflineBanner />
        <Board queryKey={BOARD_KEY} />
      </>,
      { seed: (client) => client.setQueryData(BOARD_KEY, 'Kari 12 pts', { updatedAt: KEPT_AT }) },
    );
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('offline, shows the kept board and says from when', () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <OfflineBanner />
        <Board queryKey={BOARD_KEY} />
      </>,
      { seed: (client) => client.setQueryData(BOARD_KEY, 'Kari 12 pts', { updatedAt: KEPT_AT }) },
    );
    expect(screen.getByText('Kari 12 pts')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      'Offline. Showing what this device saw at 10:42; it updates when the connection is back.',
    );
    expect(document.documentElement).toHaveAttribute('data-offline');
  });

  it("says that a part of the screen never seen on this device needs a connection, in the reader's language", async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <OfflineBanner />
        <Board queryKey={BOARD_KEY} />
        <Board queryKey={['scoreboard', 'weekly']} />
      </>,
      { seed: (client) => client.setQueryData(BOARD_KEY, 'Kari 12 pts', { updatedAt: KEPT_AT }) },
    );
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(/at 10:42; what it has not seen before needs a connection/);
    await i18n.changeLanguage('sv');
    expect(await screen.findByText(/Visar det den här enheten hade per 10:42/)).toBeInTheDocument();
  });

  it('offline on a screen this device never opened: it needs a connection, and the skeletons stop pulsing', () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <OfflineBanner />
        <Board queryKey={BOARD_KEY} />
      </>,
    );
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      'Offline. This screen has not been opened on this device before, so it needs a connection. Quick log works offline.',
    );
    expect(document.documentElement).toHaveAttribute('data-offline');
  });
});

describe('the kept cache (IndexedDB)', () => {
  afterEach(async () => {
    confirmCacheOwner(null);
    await forgetPersistedQueries();
  });

  function clientWithBoard(): QueryClient {
    const client = new QueryClient();
    client.setQueryData(BOARD_KEY, 'Kari 12 pts');
    client.setQueryData(['me'], { user: { id: 'kari' } });
    return client;
  }

  /** Hands the cache to the persister and waits past its one write a second. */
  const persist = async (client: QueryClient) => {
    await devicePersister.persistClient({
      timestamp: Date.now(),
      buster: 'whatever the provider started with',
      clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
  };

  it("keeps the boards (not /me) under the member's buster, and forgets them on sign-out", async () => {
    startCacheFor('kari');
    await persist(clientWithBoard());
    const kept = await devicePersister.restoreClient();
    expect(kept?.buster).toBe(computeCacheBuster('kari'));
    expect(kept?.clientState.queries.map((q) => q.queryKey[0])).toEqual(['scoreboard']);
    await forgetPersistedQueries();
    expect(await devicePersister.restoreClient()).toBeUndefined();
  });

  it('a cache restored for another member on this device is read again for the one /me names, not shown', async () => {
    stubFetch({
      'GET /api/v1/me': reply(200, makeTestMe()),
      'POST /api/v1/me/provision': reply(200, { success: true, created: false, promoted: false, error: null }),
    });
    startCacheFor('kari');
    function RitasBoard() {
      const board = useQuery({ queryKey: BOARD_KEY, queryFn: () => Promise.resolve("Rita's board") });
      return <p>{board.data ?? 'skeleton'}</p>;
    }
    renderWithProviders(
      <AuthProvider>
        <RitasBoard />
      </AuthProvider>,
      // What the device kept for Kari, restored before /me answered (Rita: makeTestMe).
      { seed: (client) => client.setQueryData(BOARD_KEY, "Kari's board", { updatedAt: KEPT_AT }) },
    );
    expect(await screen.findByText("Rita's board")).toBeInTheDocument();
    expect(screen.queryByText("Kari's board")).not.toBeInTheDocument();
  });

  it('keeps nothing with nobody signed in, and another member changes the buster', async () => {
    await persist(clientWithBoard());
    expect(await devicePersister.restoreClient()).toBeUndefined();
    startCacheFor('kari');
    // Restored for Kari, but /me says Ola: Kari's answers go, and Ola's are kept from now on.
    expect(confirmCacheOwner('ola')).toEqual({ restoredForAnother: true });
    expect(confirmCacheOwner('ola')).toEqual({ restoredForAnother: false });
    await persist(clientWithBoard());
    expect((await devicePersister.restoreClient())?.buster).toBe(computeCacheBuster('ola'));
    expect(computeCacheBuster('ola')).not.toBe(computeCacheBuster('kari'));
  });
});
