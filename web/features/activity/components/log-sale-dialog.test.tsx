import type { Activity, Me } from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivity } from '@web/test/fixtures';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import { LogSaleDialog } from './log-sale-dialog';

/** What POST /activities answers for the sale in the request. */
function loggedSale(call: Pick<RecordedCall, 'body'>): Activity {
  const body = call.body as { ticketSize: number; productName: string | null; customerName: string | null; notes: string | null };
  return makeTestActivity({
    kind: 'sale',
    type: 'sale',
    answered: null,
    customerName: body.customerName,
    ticketSize: body.ticketSize,
    productName: body.productName,
    notes: body.notes,
    pointsEarned: 10,
  });
}

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open Log Sale
      </button>
      <LogSaleDialog open={isOpen} onOpenChange={setIsOpen} />
      <Toaster />
    </>
  );
}

function renderDialog(answers: Parameters<typeof stubFetch>[0] = {}, me?: Me) {
  const calls = stubFetch({ 'POST /api/v1/activities': (call) => reply(201, loggedSale(call)), ...answers });
  const user = userEvent.setup();
  renderWithProviders(<Harness />, { me });
  const open = async () => {
    await user.click(screen.getByRole('button', { name: 'Open Log Sale' }));
    return screen.findByRole('dialog', { name: 'Log Sale' });
  };
  const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/activities').map((c) => c.body);
  return { user, open, posted };
}

const logSaleButton = () => screen.getByRole('button', { name: 'Log Sale' });

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('LogSaleDialog', () => {
  it('keeps Log Sale disabled until a sale value is typed', async () => {
    const { user, open } = renderDialog();
    const dialog = await open();
    const value = within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' });
    expect(value).toHaveAttribute('aria-required', 'true');
    expect(logSaleButton()).toBeDisabled();
    await user.type(value, '   ');
    expect(logSaleButton()).toBeDisabled();
    await user.type(value, '5');
    expect(logSaleButton()).toBeEnabled();
    await user.clear(value);
    expect(logSaleButton()).toBeDisabled();
  });

  it.each(['0', '-5', 'abc', '12..5'])(
    "refuses %j with 'Invalid value: Please enter a valid sale value' and posts nothing",
    async (input) => {
      const { user, open, posted } = renderDialog();
      const dialog = await open();
      const value = within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' });
      await user.type(value, input);
      await user.click(logSaleButton());

      const { description } = await findToast('Invalid value');
      expect(description).toEqual(['Please enter a valid sale value']);
      expect(value).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid sale value');
      expect(posted()).toEqual([]);

      await user.type(value, '1');
      expect(value).not.toHaveAttribute('aria-invalid');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('posts the value in minor units with the customer, product and notes, and says the amount in the company currency', async () => {
    const { user, open, posted } = renderDialog();
    const dialog = await open();
    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), ' Nordlys AS ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' }), '12 500,50');
    await user.type(within(dialog).getByRole('textbox', { name: /Product\/Service/ }), 'Annual licence ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' Signed today');
    await user.click(logSaleButton());

    const { description } = await findToast('Sale recorded');
    expect(description).toEqual(['Sale of NOK 12,500.50 has been logged · +10 pts']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted()).toEqual([
      {
        kind: 'sale',
        ticketSize: 1_250_050,
        productName: 'Annual licence',
        customerName: 'Nordlys AS',
        notes: 'Signed today',
        // Kept on the device first (decision 054): its key, and the day and time it was logged.
        clientKey: expect.any(String),
        localDate: expect.any(String),
        time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
      },
    ]);
  });

  it('says the amount in dollars for a company that counts in USD', async () => {
    const { user, open, posted } = renderDialog({}, makeTestMe({ currency: 'USD' }));
    const dialog = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Sale Value (USD)' }), '1,500');
    await user.click(logSaleButton());

    const { description } = await findToast('Sale recorded');
    expect(description).toEqual(['Sale of $1,500 has been logged · +10 pts']);
    expect(posted()).toEqual([
      expect.objectContaining({ kind: 'sale', ticketSize: 150_000, productName: null, customerName: null, notes: null }),
    ]);
  });

  it('disables Log Sale and Cancel while the sale is being saved', async () => {
    let release: (answer: StubReply) => void = () => undefined;
    const { user, open, posted } = renderDialog({
      'POST /api/v1/activities': () => new Promise<StubReply>((resolve) => (release = resolve)),
    });
    const dialog = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' }), '900');
    await user.click(logSaleButton());

    const saving = await within(dialog).findByRole('button', { name: 'Logging...' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(saving);
    expect(posted()).toHaveLength(1);

    release(reply(201, loggedSale({ body: posted()[0] })));
    expect((await findToast('Sale recorded')).description).toEqual(['Sale of NOK 900 has been logged · +10 pts']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Error: Could not log sale' with the server's reason and keeps what was typed", async () => {
    const { user, open } = renderDialog({
      'POST /api/v1/activities': reply(400, { error: { code: 'validation_error', message: 'That sale value is too large' } }),
    });
    const dialog = await open();
    const value = within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' });
    await user.type(value, '99999999999');
    await user.click(logSaleButton());

    const { description } = await findToast('Error');
    expect(description).toEqual(['Could not log sale', 'That sale value is too large']);
    expect(screen.getByRole('dialog', { name: 'Log Sale' })).toBeInTheDocument();
    expect(value).toHaveValue('99999999999');
    expect(logSaleButton()).toBeEnabled();
  });

  it('Cancel closes without logging, and the dialog opens empty again', async () => {
    const { user, open, posted } = renderDialog();
    let dialog = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([]);

    dialog = await open();
    expect(within(dialog).getByRole('textbox', { name: 'Sale Value (NOK)' })).toHaveValue('');
  });
});
