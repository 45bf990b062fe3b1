import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { SidebarNav } from './sidebar';

function renderAt(path: string, isAdmin = false, isCoach = false, { unreadCount = 0, collapsed = false } = {}) {
  const calls = stubFetch({ 'GET /api/v1/coaching/unread': reply(200, { unreadCount }) });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <SidebarNav collapsed={collapsed} isAdmin={isAdmin} isCoach={isCoach} />
    </MemoryRouter>,
  );
  return { calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('SidebarNav', () => {
  it('lists the eleven items and highlights only the exact path', () => {
    renderAt('/app/activity');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Activity',
      'Company',
      'Team Overview',
      'Wrap Up',
      'Weekly View',
      'Monthly View',
      'KPIs',
      'Boards',
      'Contests',
      'Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows Administration to admins only', () => {
    renderAt('/app', true);
    expect(screen.getByRole('link', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Coaching after Wrap Up to team leads and admins, never to a rep, highlighted on every coaching screen', () => {
    renderAt('/app/coaching/wrapups/w-1', false, true);
    const names = screen.getAllByRole('link').map((l) => l.textContent);
    expect(names.slice(4, 7)).toEqual(['Wrap Up', 'Coaching', 'Targets']);
    expect(screen.getByRole('link', { name: 'Coaching' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no Coaching for a rep who leads no team, and never asks for its count', () => {
    const { calls } = renderAt('/app/wrapup');
    expect(screen.queryByRole('link', { name: 'Coaching' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/coaching/unread')).toEqual([]);
  });

  it('counts the wrap-ups waiting to be read beside Coaching, in words for screen readers', async () => {
    renderAt('/app', false, true, { unreadCount: 3 });
    const link = await screen.findByRole('link', { name: /^Coaching ?\(3 wrap-ups to read\)$/ });
    expect(within(link).getByTestId('coaching-unread')).toHaveTextContent('3');
  });

  it('shows no count when everything is read, and says it in Norwegian', async () => {
    renderAt('/app', true, false, { unreadCount: 0 });
    expect(await screen.findByRole('link', { name: 'Coaching' })).toBeInTheDocument();
    expect(screen.queryByTestId('coaching-unread')).not.toBeInTheDocument();
    await i18n.changeLanguage('nb');
    renderAt('/app', true, false, { unreadCount: 1 });
    expect(await screen.findByRole('link', { name: /^Coaching ?\(1 oppsummering å lese\)$/ })).toBeInTheDocument();
  });

  it('shows Targets to team leads and admins (decision 044), never to a rep, highlighted on its screen', () => {
    renderAt('/app/targets', false, true);
    expect(screen.getByRole('link', { name: 'Targets' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    renderAt('/app', true);
    expect(screen.getAllByRole('link', { name: 'Targets' })).toHaveLength(2);
  });

  it('has no Targets for a rep who leads no team', () => {
    renderAt('/app/activity');
    expect(screen.queryByRole('link', { name: 'Targets' })).not.toBeInTheDocument();
  });
});
