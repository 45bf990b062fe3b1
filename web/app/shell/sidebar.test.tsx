import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { SidebarNav } from './sidebar';

function renderAt(path: string, isAdmin = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <SidebarNav collapsed={false} isAdmin={isAdmin} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

describe('SidebarNav', () => {
  it('lists the eight items and highlights only the exact path', () => {
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
});
