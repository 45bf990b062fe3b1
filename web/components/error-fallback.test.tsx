import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { pageReload } from '@web/lib/lazy-import';
import { ErrorBoundary, ErrorFallback } from './error-fallback';

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

describe('ErrorFallback for a screen whose code could not be fetched (after a deploy, or offline)', () => {
  const error = new TypeError('Failed to fetch dynamically imported module: https://dealboard.example/assets/weekly-page-Abc123.js');
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'This page could not load', /Reload to get the latest version/, 'Reload'],
    ['nb', 'Siden kunne ikke lastes', /Last inn på nytt for å få siste versjon/, 'Last inn på nytt'],
  ])('in %s: says so and offers to reload, not to try again', async (language, title, text, button) => {
    await i18n.changeLanguage(language);
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ErrorFallback error={error} onReset={() => undefined} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).not.toContain(language === 'en' ? 'Try Again' : 'Prøv igjen');
    await user.click(screen.getByRole('button', { name: button }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
