import type { Activity, ActivityType, ActivityTypeList } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestActivity } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { LogCustomDialog } from './log-custom-dialog';

const VISIT: ActivityType = {
  id: '0b0e5d0c-1d7e-4a4e-9c0e-6f1e2d3c4b5a',
  names: { en: 'Site visit', nb: 'Befaring' },
  icon: 'car',
  colour: 'amber',
  points: 3,
  outcomes: [
    { id: 'offer', names: { en: 'Offer sent', nb: 'Tilbud sendt' }, points: 5, celebrate: false, archived: false },
    { id: 'old', names: { en: 'Gone' }, points: 0, celebrate: false, archived: true },
  ],
  fields: [
    {
      id: 'size',
      names: { en: 'Site size', nb: 'Størrelse' },
      kind: 'number',
      required: true,
      options: [],
      pointsPerUnit: null,
      archived: false,
    },
    { id: 'value', names: { en: 'Offer value' }, kind: 'money', required: false, options: [], pointsPerUnit: null, archived: false },
    {
      id: 'plan',
      names: { en: 'Plan' },
      kind: 'choice',
      required: false,
      options: [
        { id: 'basic', names: { en: 'Basic' }, archived: false },
        { id: 'pro', names: { en: 'Pro' }, archived: false },
      ],
      pointsPerUnit: null,
      archived: false,
    },
    { id: 'met', names: { en: 'Decision maker met' }, kind: 'yes_no', required: false, options: [], pointsPerUnit: null, archived: false },
  ],
  bonus: null,
  celebrate: false,
  archivedAt: null,
  inUse: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

function Harness() {
  const [typeId, setTypeId] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTypeId(VISIT.id)}>
        Open
      </button>
      <LogCustomDialog typeId={typeId} onOpenChange={(open) => !open && setTypeId(null)} />
      <Toaster />
    </>
  );
}

function renderDialog(answer?: (call: RecordedCall) => ReturnType<typeof reply>) {
  const calls = stubFetch({
    'GET /api/v1/activity-types': reply(200, { types: [VISIT], myUse: {}, builtIn: [], renamedKinds: [] } satisfies ActivityTypeList),
    'POST /api/v1/activities':
      answer ??
      ((call) => reply(201, makeTestActivity({ kind: 'custom', type: 'custom', typeId: VISIT.id, ...(call.body as object) }) as Activity)),
  });
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/activities').map((c) => c.body);
  return { user, posted };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('LogCustomDialog', () => {
  it('asks for the outcome and the required fields before sending, then sends the values as the API takes them', async () => {
    const { user, posted } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Log site visit' }));
    // Archived outcomes are not offered.
    expect(dialog.queryByRole('radio', { name: /Gone/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Log site visit' }));
    expect(await dialog.findByText('Choose one of the outcomes')).toBeInTheDocument();
    expect(dialog.getByText('This field is required')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    await user.click(dialog.getByText('Offer sent'));
    // Numbers as a Dane or a Norwegian types them: "1.200" is twelve hundred (it was 1.2).
    await user.type(dialog.getByRole('textbox', { name: 'Site size' }), '1.200');
    await user.type(dialog.getByRole('textbox', { name: 'Offer value (NOK, optional)' }), '12 500');
    await user.click(dialog.getByText('Pro'));
    await user.click(dialog.getByText('Yes'));
    await user.click(dialog.getByRole('button', { name: 'Log site visit' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted()).toEqual([
      {
        kind: 'custom',
        typeId: VISIT.id,
        outcome: 'offer',
        fields: { size: 1200, value: 1_250_000, plan: 'pro', met: true },
        customerName: null,
        notes: null,
        localDate: expect.any(String),
        time: expect.any(String),
        clientKey: expect.any(String),
      },
    ]);
  });

  it("shows the server's refusal on the field it names, with the dialog still open", async () => {
    const { user } = renderDialog(() =>
      refuse(400, { code: 'invalid_input', message: 'Enter a number', details: { 'fields.size': 'Enter a number' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Log site visit' }));
    await user.click(dialog.getByText('Offer sent'));
    await user.type(dialog.getByRole('textbox', { name: 'Site size' }), '5');
    await user.click(dialog.getByRole('button', { name: 'Log site visit' }));
    expect(await dialog.findByText('Enter a number')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Norwegian, names included', async () => {
    await i18n.changeLanguage('nb');
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Logg befaring' }));
    expect(dialog.getByText('Tilbud sendt')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Størrelse' })).toBeInTheDocument();
  });
});
