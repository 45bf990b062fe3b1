import type { ActivityType } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { makeTestActivityType, makeTestKpiRules } from '@web/test/fixtures';
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

describe('a built-in kind the company renamed (decision 116)', () => {
  it('offers it by its name: a call’s two buttons say whether it was answered', async () => {
    stubFetch({
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
      'GET /api/v1/activity-types': reply(200, {
        types: [],
        myUse: {},
        builtIn: [],
        renamedKinds: [
          { key: 'call', names: { en: 'Dial' } },
          { key: 'meeting', names: { en: 'Demo' } },
        ],
      }),
    });
    renderWithProviders(
      <MemoryRouter>
        <QuickLogPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Dial · answered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dial · not answered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sale' })).toBeInTheDocument();
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

describe("the company's own types on quick log (decision 100)", () => {
  const type = (id: string, name: string, over: Partial<ActivityType> = {}): ActivityType =>
    makeTestActivityType({ id, names: { en: name }, icon: 'star', ...over });
  const dial = type('0b0e5d0c-1d7e-4a4e-9c0e-000000000001', 'Dial', {
    outcomes: [
      { id: 'connect', names: { en: 'Connect' }, points: 2, celebrate: false, archived: false },
      { id: 'gone', names: { en: 'Gone' }, points: 0, celebrate: false, archived: true },
    ],
  });
  const knock = type('0b0e5d0c-1d7e-4a4e-9c0e-000000000002', 'Door knock');
  const demo = type('0b0e5d0c-1d7e-4a4e-9c0e-000000000003', 'Demo held', {
    fields: [
      { id: 'qualified', names: { en: 'Qualified' }, kind: 'yes_no', required: true, options: [], pointsPerUnit: null, archived: false },
    ],
  });
  const old = type('0b0e5d0c-1d7e-4a4e-9c0e-000000000004', 'Old type', { archivedAt: '2026-11-01T10:00:00.000Z' });

  it('offers them after the built-in kinds, the most used first; logs one at once, asks an outcome first, opens the form for a required field', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch({
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
      'GET /api/v1/activity-types': reply(200, { types: [dial, knock, demo, old], myUse: { [demo.id]: 9, [knock.id]: 4, [old.id]: 30 } }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <QuickLogPage />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Dial' });
    const labels = screen.getAllByRole('button').map((button) => button.textContent);
    expect(labels.slice(labels.indexOf('Demo held'), labels.indexOf('Dial') + 1)).toEqual(['Demo held', 'Door knock', 'Dial']);
    expect(labels).not.toContain('Old type');

    await user.click(screen.getByRole('button', { name: 'Door knock' }));
    await user.click(screen.getByRole('button', { name: 'Dial' }));
    await user.click(await screen.findByRole('button', { name: /^Connect/ }));
    expect(screen.queryByRole('button', { name: /^Gone/ })).toBeNull();
    await screen.findByRole('heading', { name: 'Waiting to sync: 2' });
    const waiting = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(waiting.some((text) => text?.startsWith('Door knock'))).toBe(true);
    expect(waiting.some((text) => text?.startsWith('Dial · Connect'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Demo held' }));
    expect(await screen.findByRole('dialog', { name: 'Log demo held' })).toBeInTheDocument();
  });

  it("logs a tap on an own type's button of the start screen's copy once the types are in", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch({
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
      'GET /api/v1/activity-types': async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return reply(200, { types: [knock], myUse: {} });
      },
    });
    window.__dealboardEarlyTaps = [`type:${knock.id}`];
    renderWithProviders(
      <MemoryRouter>
        <QuickLogPage />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Waiting to sync: 1' });
    expect(within(screen.getByRole('list')).getByRole('listitem')).toHaveTextContent('Door knock');
    expect(window.__dealboardEarlyTaps).toEqual([]);
  });
});
