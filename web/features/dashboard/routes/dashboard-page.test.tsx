import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
});
