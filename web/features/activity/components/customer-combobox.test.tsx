import { i18n } from '@web/i18n';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/test/render-with-providers';
import { getCustomerSuggestionsQueryOptions } from '../api/suggest-customers';
import { CustomerCombobox, SUGGESTIONS_CLOSE_DELAY_MS } from './customer-combobox';

const SUGGESTIONS = [
  { id: 'c1', name: 'Fjordkraft Solutions AS', archived: false },
  { id: 'c2', name: 'Fjordland Fisk', archived: false },
];

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CustomerCombobox
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

/** The server's answer for "fjo", already in the cache: the component is tested, not the network. */
function renderCombobox(onChange?: (value: string) => void) {
  return renderWithProviders(<Harness onChange={onChange} />, {
    seed: (client) => client.setQueryData(getCustomerSuggestionsQueryOptions('fjo').queryKey, { suggestions: SUGGESTIONS }),
  });
}

describe('CustomerCombobox', () => {
  beforeEach(() => void i18n.changeLanguage('en'));

  it('suggests nothing for one character, and the matches from two', async () => {
    const user = userEvent.setup();
    renderCombobox();
    const input = screen.getByRole('combobox', { name: /Customer/ });
    await user.type(input, 'f');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'jo');
    expect(await screen.findByRole('option', { name: 'Fjordkraft Solutions AS' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the list with the arrow keys and picks with Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderCombobox(onChange);
    const input = screen.getByRole('combobox', { name: /Customer/ });
    await user.type(input, 'fjo');
    await screen.findByRole('option', { name: 'Fjordland Fisk' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Fjordland Fisk' })).toHaveAttribute('aria-selected', 'true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Fjordland Fisk' }).id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('Fjordkraft Solutions AS');
    expect(input).toHaveValue('Fjordkraft Solutions AS');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, and 200 ms after the field loses focus', async () => {
    const user = userEvent.setup();
    renderCombobox();
    const input = screen.getByRole('combobox', { name: /Customer/ });
    await user.type(input, 'fjo');
    await screen.findByRole('option', { name: 'Fjordland Fisk' });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    vi.useFakeTimers();
    try {
      act(() => input.blur());
      act(() => vi.advanceTimersByTime(SUGGESTIONS_CLOSE_DELAY_MS - 50));
      expect(input).toHaveAttribute('aria-expanded', 'true');
      act(() => vi.advanceTimersByTime(50));
      expect(input).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when a typed name will become a new customer', async () => {
    const user = userEvent.setup();
    renderCombobox();
    await user.type(screen.getByRole('combobox', { name: /Customer/ }), 'fjo');
    expect(await screen.findByText('"fjo" will be added as a new customer.')).toBeInTheDocument();
  });

  it('says so when a pasted name is longer than a customer’s name can be, and keeps the first 200 characters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderCombobox(onChange);
    const field = screen.getByRole('combobox', { name: /Customer/ });
    await user.click(field);
    await user.paste(`Fjordkraft ${'Solutions '.repeat(30)}AS`);
    expect((field as HTMLInputElement).value).toHaveLength(200);
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^Fjordkraft Solutions/));
    expect(screen.getByText('A customer’s name has room for 200 characters; anything longer is cut off.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('A customer’s name has room for 200 characters; anything longer is cut off.');
  });
});
