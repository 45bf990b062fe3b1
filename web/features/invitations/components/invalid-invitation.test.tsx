import '@web/i18n';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { InvalidInvitation } from './invalid-invitation';

const renderIt = (error?: string) =>
  render(
    <MemoryRouter>
      <InvalidInvitation error={error} />
    </MemoryRouter>,
  );

describe('InvalidInvitation', () => {
  it("shows 'Invalid invitation', why, and a way to the login", async () => {
    await i18n.changeLanguage('en');
    renderIt('The invitation is not valid or has expired');
    expect(screen.getByRole('heading', { name: 'Invalid invitation' })).toBeInTheDocument();
    expect(screen.getByText('The invitation is not valid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/auth');
  });

  it("shows another reason from the server as it is, and the standard one in the reader's language", async () => {
    await i18n.changeLanguage('en');
    const { unmount } = renderIt('Could not reach the server. Check your connection and try again.');
    expect(screen.getByText('Could not reach the server. Check your connection and try again.')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('nb');
    renderIt();
    expect(screen.getByRole('heading', { name: 'Ugyldig invitasjon' })).toBeInTheDocument();
    expect(screen.getByText('Invitasjonen er ikke gyldig eller har utløpt.')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
