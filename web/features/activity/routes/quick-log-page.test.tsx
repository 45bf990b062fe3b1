import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { makeTestKpiRules } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { addPendingActivity, discardPendingActivity, findPendingActivities } from '../lib/offline-queue';
import { Component as QuickLogPage } from './quick-log-page';

/*
 * Quick log's list of what waits on this device holds the My Activity dialogs' logs too (decision
 * 054): each as the rep entered it, a log for an earlier day with that day and time.
 */

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(async () => {
  for (const entry of await findPendingActivities('user-1')) await discardPendingActivity(entry.clientKey);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('what waits to sync on quick log', () => {
  it("shows a dialog's log with its customer, and one for an earlier day with the day and time chosen", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch({ 'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()) });
    await addPendingActivity({
      clientKey: 'key-1',
      userId: 'user-1',
      body: { kind: 'meeting', customerName: 'Nordlys AS', notes: null, localDate: '2026-11-22', time: '14:30', clientKey: 'key-1' },
      tappedAt: '2026-11-23T09:15:00.000Z',
      status: 'waiting',
    });
    await addPendingActivity({
      clientKey: 'key-2',
      userId: 'user-1',
      body: { kind: 'call', answered: false, localDate: '2026-11-23', time: '11:05', clientKey: 'key-2' },
      tappedAt: '2026-11-23T10:05:00.000Z',
      status: 'waiting',
    });
    renderWithProviders(
      <MemoryRouter>
        <QuickLogPage />
      </MemoryRouter>,
    );

    const list = await screen.findByRole('list');
    expect(screen.getByRole('heading', { name: 'Waiting to sync: 2' })).toBeInTheDocument();
    const [meeting, call] = within(list).getAllByRole('listitem');
    expect(meeting).toHaveTextContent('Meeting held · Nordlys AS');
    expect(meeting).toHaveTextContent('Sun 22 Nov 14:30 · waiting to sync');
    // Made today (in the company's zone, Europe/Oslo): the time it was made.
    expect(call).toHaveTextContent('Unanswered call');
    expect(call).toHaveTextContent('11:05 · waiting to sync');
  });
});

describe("taps made on the start screen's copy before the app had started (decision 090)", () => {
  it('logs each kept tap once, as a tap on the live screen would, and opens the step an answered call needs', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch({ 'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()) });
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-start-snapshot', '');
    document.body.append(root);
    window.__dealboardEarlyTaps = ['not-answered', 'meeting', 'not-a-button', 'answered'];
    try {
      renderWithProviders(
        <MemoryRouter>
          <QuickLogPage />
        </MemoryRouter>,
      );
      // Taken over at once: the copy's taps are no longer kept, and nothing is taken twice.
      expect(root.hasAttribute('data-start-snapshot')).toBe(false);
      expect(window.__dealboardEarlyTaps).toEqual([]);
      expect(await screen.findByRole('heading', { name: 'How did the call go?' })).toBeInTheDocument();
      const list = await screen.findByRole('list');
      await screen.findByRole('heading', { name: 'Waiting to sync: 2' });
      const items = within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(items.some((text) => text?.includes('Unanswered call'))).toBe(true);
      expect(items.some((text) => text?.includes('Meeting held'))).toBe(true);
    } finally {
      root.remove();
    }
  });
});
