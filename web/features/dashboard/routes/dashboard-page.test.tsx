import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as DashboardPage } from './dashboard-page';

/** A server that never answers this request: the screen stays in its loading state. */
const hanging = () => new Promise<StubReply>(() => {});

function renderDashboard(answers: Parameters<typeof stubFetch>[0] = {}) {
  stubFetch({ 'GET /api/v1/me': reply(200, makeTestMe()), ...answers });
  return renderWithProviders(
    <AuthProvider>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </AuthProvider>,
  );
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

describe('Team Dashboard', () => {
  it('TV Mode opens /tv in a new tab', () => {
    renderDashboard({ 'GET /api/v1/scoreboard/kpis': hanging });
    const tvMode = screen.getByRole('link', { name: 'TV Mode (opens in a new tab)' });
    expect(tvMode).toHaveAttribute('href', '/tv');
    expect(tvMode).toHaveAttribute('target', '_blank');
    expect(tvMode.getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  it('sends a member who chose a board to open the app on to it from /app, and not from /app/dashboard', async () => {
    const me = makeTestMe();
    const withHome = { ...me, profile: { ...me.profile!, homeBoardId: 'b9' } };
    const at = (path: string) => {
      stubFetch({ 'GET /api/v1/me': reply(200, withHome), 'GET /api/v1/scoreboard/kpis': hanging });
      return renderWithProviders(
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app" element={<DashboardPage />} />
              <Route path="/app/dashboard" element={<DashboardPage />} />
              <Route path="/app/boards/:id" element={<p>The board b9</p>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>,
        { me: withHome },
      );
    };
    const first = at('/app');
    expect(await screen.findByText('The board b9')).toBeInTheDocument();
    first.unmount();
    at('/app/dashboard');
    expect(screen.getByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('The board b9')).toBeNull();
  });

  it("reads the closed sales' count and their value apart, as the screen shows them apart", async () => {
    await i18n.changeLanguage('da');
    const me = makeTestMe({ currency: 'DKK' });
    const kpi = (today: number) => ({ today, yesterday: 0, change: 'new' });
    stubFetch({
      'GET /api/v1/me': reply(200, me),
      'GET /api/v1/scoreboard/kpis': reply(200, {
        date: '2026-11-25',
        yesterdayDate: '2026-11-24',
        timezone: 'Europe/Oslo',
        calls: kpi(12),
        meetings: kpi(2),
        sales: kpi(3),
        points: kpi(40),
        revenue: kpi(6_625_050),
      }),
      'GET /api/v1/scoreboard/leaderboard': hanging,
    });
    renderWithProviders(
      <AuthProvider>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </AuthProvider>,
      { me },
    );
    const card = (await screen.findByText('Lukkede salg')).closest('[data-slot="stat-card"]')!;
    const value = card.querySelector('[data-slot="stat-value"]')!;
    // What a screen reader reads: the count, a pause, the amount (it read "366.250,50 kr." as one number).
    expect(value.textContent).toBe('3, 66.250,50\u00a0kr.');
    // The comma is for the ear alone: on screen the two stand apart as before.
    expect(within(value as HTMLElement).getByText(',', { normalizer: (text) => text.trim() })).toHaveClass('sr-only');
  });
});
