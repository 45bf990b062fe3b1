import type { Activity } from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivity, makeTestKpiRules } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import { findPendingActivities } from '../lib/offline-queue';
import { useLogRules } from '../lib/use-log-rules';
import { LogCallDialog } from './log-call-dialog';

/** What POST /activities answers for the call in the request. */
function loggedCall(call: RecordedCall): Activity {
  const body = call.body as { answered: boolean; outcome: Activity['outcome']; customerName: string | null; notes: string | null };
  return makeTestActivity({
    type: body.answered ? 'call_answered' : 'call_unanswered',
    answered: body.answered,
    outcome: body.outcome,
    meetingBooked: body.outcome === 'meeting_booked',
    movedForward: body.outcome === 'moved_forward',
    customerName: body.customerName,
    notes: body.notes,
  });
}

/** The dialog as My Activity uses it: opened by a button, with the rules of the company. */
function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  const { rules } = useLogRules();
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open Log Call
      </button>
      <LogCallDialog open={isOpen} onOpenChange={setIsOpen} rules={rules} />
      <Toaster />
    </>
  );
}

function renderDialog(answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules()),
    'POST /api/v1/activities': (call) => reply(201, loggedCall(call)),
    ...answers,
  });
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  const open = async () => {
    await user.click(screen.getByRole('button', { name: 'Open Log Call' }));
    return screen.findByRole('dialog', { name: 'Log Call' });
  };
  const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/activities').map((c) => c.body);
  return { user, open, posted };
}

/** A dialog's log as posted: what the rep entered, with its device key and the day and time it was logged (decision 054). */
const keyed = (body: object) => ({
  ...body,
  clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
  localDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
});

const answeredButton = () => screen.getByRole('button', { name: /^Answered/ });
const notAnsweredButton = () => screen.getByRole('button', { name: /^Not answered/ });
const logCallButton = () => screen.getByRole('button', { name: 'Log Call' });

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('LogCallDialog', () => {
  it('asks Answered or Not answered first, then the details with what each outcome is worth under the current rules', async () => {
    const { user, open } = renderDialog({
      'GET /api/v1/kpi-rules': reply(200, makeTestKpiRules({ moved_forward: { basePoints: 2 }, meeting_booked: { basePoints: 8 } })),
    });
    const dialog = await open();
    expect(within(dialog).getByText('How did the call go?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Customer/ })).not.toBeInTheDocument();

    await user.click(answeredButton());
    expect(within(dialog).getByText('Add the details')).toBeInTheDocument();
    expect(within(dialog).getByText('Answered call')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Customer/ })).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: 'Outcome' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: /Meeting booked.*8 pts/ })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Moved forward.*2 pts/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /No progress.*0 pts/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it("asks for the rules again on every open, so an admin's change since shows at once", async () => {
    let rules = makeTestKpiRules();
    const { user, open } = renderDialog({ 'GET /api/v1/kpi-rules': () => reply(200, rules) });
    let dialog = await open();
    await user.click(answeredButton());
    expect(await within(dialog).findByRole('radio', { name: /Meeting booked.*5 pts/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    rules = makeTestKpiRules({ meeting_booked: { basePoints: 8 } });
    dialog = await open();
    await user.click(answeredButton());
    expect(await within(dialog).findByRole('radio', { name: /Meeting booked.*8 pts/ })).toBeInTheDocument();
  });

  it('logs an answered call with the picked customer, the outcome and the notes, then says so', async () => {
    const { user, open, posted } = renderDialog({
      'GET /api/v1/customers/suggest': reply(200, { suggestions: [{ id: 'c1', name: 'Fjordkraft Solutions AS', archived: false }] }),
    });
    const dialog = await open();
    await user.click(answeredButton());
    expect(within(dialog).getByText('Choose an outcome to log the call.')).toBeInTheDocument();
    // Log stays in the Tab order: without an outcome it says so and goes to the outcomes; nothing is sent.
    expect(logCallButton()).toBeEnabled();
    await user.click(logCallButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose an outcome to log the call.');
    expect(within(dialog).getByRole('radio', { name: /No progress/ })).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: 'Outcome' })).toHaveAccessibleDescription('Choose an outcome to log the call.');
    expect(posted()).toEqual([]);

    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), 'fjo');
    await user.click(await within(dialog).findByRole('option', { name: 'Fjordkraft Solutions AS' }));
    await user.click(within(dialog).getByRole('radio', { name: /Meeting booked/ }));
    expect(logCallButton()).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), '  Demo on Thursday  ');
    await user.click(logCallButton());

    const { description } = await findToast('Call logged');
    expect(description).toEqual(['Answered call has been recorded · Meeting booked']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted()).toEqual([
      keyed({
        kind: 'call',
        answered: true,
        outcome: 'meeting_booked',
        customerName: 'Fjordkraft Solutions AS',
        notes: 'Demo on Thursday',
      }),
    ]);
  });

  it('logs a call that was not answered as no_progress, with no outcome to choose', async () => {
    const { user, open, posted } = renderDialog();
    const dialog = await open();
    await user.click(notAnsweredButton());
    expect(within(dialog).getByText('Unanswered call')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Outcome' })).not.toBeInTheDocument();
    expect(logCallButton()).toBeEnabled();
    await user.click(logCallButton());

    const { description } = await findToast('Call logged');
    expect(description).toEqual(['Unanswered call has been recorded']);
    expect(posted()).toEqual([keyed({ kind: 'call', answered: false, outcome: 'no_progress', customerName: null, notes: null })]);
  });

  it('Back returns to step 1 and carries no outcome over to the other answer; what the rep typed stays', async () => {
    const { user, open, posted } = renderDialog();
    const dialog = await open();
    await user.click(answeredButton());
    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), ' Nordlys ');
    await user.click(within(dialog).getByRole('radio', { name: /Meeting booked/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('How did the call go?')).toBeInTheDocument();
    // Not answered sets no_progress for itself; Back must drop it, so an answered call needs a choice again.
    await user.click(notAnsweredButton());
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(answeredButton());
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(logCallButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose an outcome to log the call.');
    expect(posted()).toEqual([]);
    expect(within(dialog).getByRole('combobox', { name: /Customer/ })).toHaveValue(' Nordlys ');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(notAnsweredButton());
    await user.click(logCallButton());
    await findToast('Call logged');
    expect(posted()).toEqual([keyed({ kind: 'call', answered: false, outcome: 'no_progress', customerName: 'Nordlys', notes: null })]);
  });

  it('starts clean when opened again', async () => {
    const { user, open } = renderDialog();
    let dialog = await open();
    await user.click(answeredButton());
    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), 'Nordlys');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Call back Monday');
    await user.click(within(dialog).getByRole('radio', { name: /Moved forward/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    expect(within(dialog).getByText('How did the call go?')).toBeInTheDocument();
    await user.click(answeredButton());
    expect(within(dialog).getByRole('combobox', { name: /Customer/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('disables Log Call and Back while the call is being saved', async () => {
    let release: (answer: StubReply) => void = () => undefined;
    const { user, open, posted } = renderDialog({
      'POST /api/v1/activities': () => new Promise<StubReply>((resolve) => (release = resolve)),
    });
    const dialog = await open();
    await user.click(answeredButton());
    await user.click(within(dialog).getByRole('radio', { name: /Moved forward/ }));
    await user.click(logCallButton());

    const saving = await within(dialog).findByRole('button', { name: 'Logging...' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(saving);
    expect(posted()).toHaveLength(1);

    release(reply(201, loggedCall({ body: posted()[0] } as RecordedCall)));
    await findToast('Call logged');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Error: Could not log call' with the server's reason, and keeps the dialog open to try again", async () => {
    const { user, open } = renderDialog({
      'POST /api/v1/activities': reply(400, { error: { code: 'validation_error', message: 'Choose an outcome for the answered call' } }),
    });
    const dialog = await open();
    await user.click(answeredButton());
    await user.click(within(dialog).getByRole('radio', { name: /No progress/ }));
    await user.click(logCallButton());

    const { description } = await findToast('Error');
    expect(description).toEqual(['Could not log call', 'Choose an outcome for the answered call']);
    expect(screen.getByRole('dialog', { name: 'Log Call' })).toBeInTheDocument();
    expect(logCallButton()).toBeEnabled();
    // Not kept on the device: the dialog is still open to correct it.
    expect(await findPendingActivities('user-1')).toEqual([]);
  });

  it('keeps a call on this device when the network fails, and sends it once, with the same key, when it returns', async () => {
    let online = false;
    const { user, open, posted } = renderDialog({
      'POST /api/v1/activities': (call) => (online ? reply(201, loggedCall(call)) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const dialog = await open();
    await user.click(notAnsweredButton());
    await user.type(within(dialog).getByRole('combobox', { name: /Customer/ }), 'Nordlys');
    await user.click(logCallButton());

    const { description } = await findToast('Kept on this device');
    expect(description).toEqual(['It is sent as soon as you are online again.']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [first] = posted();
    expect(first).toEqual(keyed({ kind: 'call', answered: false, outcome: 'no_progress', customerName: 'Nordlys', notes: null }));
    expect(await findPendingActivities('user-1')).toMatchObject([{ status: 'waiting', body: first }]);

    // The next log sends the waiting one first, with the key it was kept with, then its own.
    online = true;
    await open();
    await user.click(notAnsweredButton());
    await user.click(logCallButton());
    await findToast('Call logged');
    expect(posted()).toHaveLength(3);
    expect(posted()[1]).toEqual(first);
    expect((posted()[2] as { clientKey: string }).clientKey).not.toBe((first as { clientKey: string }).clientKey);
    expect(await findPendingActivities('user-1')).toEqual([]);
  });
});
