import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-fallback';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Kaboom in the leaderboard');
  return <p>All good</p>;
}

function Harness() {
  const [explode, setExplode] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setExplode(false)}>
        defuse
      </button>
      <ErrorBoundary>
        <Bomb explode={explode} />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  it('shows the fallback with collapsible details, and Try Again renders the children again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/This usually happens after updates or network issues/)).toBeInTheDocument();
    expect(screen.queryByText('Kaboom in the leaderboard')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Error details' }));
    expect(screen.getByText('Kaboom in the leaderboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Refresh Page/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'defuse' }));
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
