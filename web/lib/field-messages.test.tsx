import { CreateTeamSchema } from '@core/contracts';
import nb from '@core/contracts/messages/nb.json';
import sv from '@core/contracts/messages/sv.json';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldError } from '@web/components/ui/label';
import { changeLanguage } from '@web/i18n';

/*
 * A form's refusals in the screen's language (decision 083): the contracts' own messages through
 * the language's table, zod's own worded by its error map.
 */

afterEach(() => changeLanguage('en'));

describe('field refusals on the screen', () => {
  it("show a contract's message in the screen's language, and follow a change of language", async () => {
    const result = CreateTeamSchema.safeParse({ name: '' });
    const message = result.error!.issues[0]!.message;
    expect(message).toBe('Please enter a team name');
    await changeLanguage('nb');
    const { rerender } = render(<FieldError id="name-error">{message}</FieldError>);
    expect(screen.getByRole('alert')).toHaveTextContent(nb['Please enter a team name']);
    await changeLanguage('sv');
    rerender(<FieldError id="name-error">{message}</FieldError>);
    expect(screen.getByRole('alert')).toHaveTextContent(sv['Please enter a team name']);
  });

  it("word zod's own refusals in the screen's language (a form's check, before any request)", async () => {
    await changeLanguage('da');
    expect(z.string().max(5).safeParse('x'.repeat(6)).error!.issues[0]!.message).toBe('Højst 5 tegn');
    await changeLanguage('en');
    expect(z.string().max(5).safeParse('x'.repeat(6)).error!.issues[0]!.message).toBe('At most 5 characters');
  });

  it('leave text that is no contract message as it is (a server detail already in the language)', async () => {
    await changeLanguage('nb');
    render(<FieldError id="x">Velg minst ett team</FieldError>);
    expect(screen.getByRole('alert')).toHaveTextContent('Velg minst ett team');
  });
});
