import type { ImportHistory, ImportPreview, ImportSummary } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, stubFetch } from '@web/test/stub-fetch';
import { Component as AdminImportPage } from './admin-import-page';

const adminMe = makeTestAdminMe();

const PREVIEW: ImportPreview = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'activities',
  fileName: 'aktiviteter.csv',
  columns: ['Dato', 'E-post', 'Aktivitet'],
  mapping: { date: 0, time: null, email: 1, type: 2, outcome: null, customer: null, value: null, product: null, notes: null },
  fields: {},
  rowCount: 2,
  validCount: 1,
  failingCount: 1,
  sample: [
    { row: 2, cells: ['24.11.2026', 'rita@example.com', 'Salg'], issues: [] },
    {
      row: 3,
      cells: ['24.11.2026', 'nobody@example.com', 'Salg'],
      issues: [{ field: 'email', code: 'unknown_member', message: 'No active member' }],
    },
  ],
  failures: [
    {
      row: 3,
      cells: ['24.11.2026', 'nobody@example.com', 'Salg'],
      issues: [{ field: 'email', code: 'unknown_member', message: 'No active member' }],
    },
  ],
  expiresAt: '2026-11-24T14:00:00.000Z',
};

const summary = (over: Partial<ImportSummary> = {}): ImportSummary => ({
  id: PREVIEW.id,
  kind: 'activities',
  fileName: 'aktiviteter.csv',
  status: 'committed',
  rowCount: 2,
  importedCount: 1,
  createdBy: { id: 'u1', name: 'Ingrid Import' },
  createdAt: '2026-11-24T12:00:00.000Z',
  committedAt: '2026-11-24T12:01:00.000Z',
  undoneAt: null,
  canUndo: true,
  ...over,
});

function stubServer() {
  const history: ImportSummary[] = [];
  const calls: RecordedCall[] = [];
  stubFetch({
    'GET /api/v1/me': reply(200, adminMe),
    'GET /api/v1/imports': reply(200, { imports: history } satisfies ImportHistory),
    'POST /api/v1/imports': () => reply(201, PREVIEW),
    [`POST /api/v1/imports/${PREVIEW.id}/commit`]: (call) => {
      calls.push(call);
      history.unshift(summary());
      return reply(200, history[0]!);
    },
    [`POST /api/v1/imports/${PREVIEW.id}/undo`]: () => {
      history[0] = summary({ status: 'undone', undoneAt: '2026-11-24T12:05:00.000Z', canUndo: false });
      return reply(200, history[0]);
    },
  });
  return calls;
}

function renderPage() {
  renderWithProviders(
    <AuthProvider>
      <AdminImportPage />
      <Toaster />
    </AuthProvider>,
    { me: adminMe },
  );
  return userEvent.setup();
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Administration, Import', () => {
  it('shows the failing row with its reason, holds the import back until the admin leaves it out, then imports and undoes', async () => {
    const commits = stubServer();
    const user = renderPage();
    await screen.findByText('No imports yet');

    await user.upload(screen.getByLabelText('Upload a spreadsheet'), new File(['x'], 'aktiviteter.csv', { type: 'text/csv' }));
    await screen.findByRole('heading', { name: 'Rows with problems' });
    expect(screen.getAllByText("Member's e-mail: no active member has this e-mail address")).toHaveLength(2);
    const importButton = screen.getByRole('button', { name: 'Import 1 row' });
    expect(importButton).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Leave out the rows with problems' }));
    expect(importButton).toBeEnabled();
    await user.click(importButton);
    // The result on the page (a toast says the same once the toast library has loaded).
    await screen.findByText('1 activity imported', { selector: '[data-slot="alert-title"]' });
    expect(commits[0]!.body).toEqual({ mapping: PREVIEW.mapping, fields: {}, skipFailing: true });

    await user.click(await screen.findByRole('button', { name: 'Undo the import of aktiviteter.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Undone', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
  });

  it('maps the fields of the company’s own types and names a field’s problem by its type and name (decision 100)', async () => {
    await i18n.changeLanguage('nb');
    const knock = {
      id: 't-knock',
      names: { en: 'Door knock', nb: 'Dørbank' },
      icon: 'phone',
      colour: 'amber',
      points: 1,
      outcomes: [],
      fields: [
        {
          id: 'value',
          names: { en: 'Contract value', nb: 'Kontraktsverdi' },
          kind: 'money',
          required: true,
          pointsPerUnit: 0,
          options: [],
          archived: false,
        },
      ],
      bonus: null,
      archivedAt: null,
      inUse: false,
    };
    const preview: ImportPreview = {
      ...PREVIEW,
      columns: ['Dato', 'E-post', 'Aktivitet', 'Verdi'],
      fields: { 't-knock.value': null },
      validCount: 0,
      failingCount: 1,
      sample: [],
      failures: [
        {
          row: 2,
          cells: ['24.11.2026', 'rita@example.com', 'Dørbank', 'mye'],
          issues: [{ field: 'value', code: 'required', typeField: 't-knock.value', message: 'Contract value is missing' }],
        },
      ],
    };
    const validations: RecordedCall[] = [];
    stubFetch({
      'GET /api/v1/me': reply(200, adminMe),
      'GET /api/v1/imports': reply(200, { imports: [] } satisfies ImportHistory),
      'GET /api/v1/activity-types': reply(200, { types: [knock], templates: [] }),
      'POST /api/v1/imports': () => reply(201, preview),
      [`POST /api/v1/imports/${PREVIEW.id}/validate`]: (call) => {
        validations.push(call);
        return reply(200, { ...preview, ...(call.body as object) });
      },
    });
    const user = renderPage();
    await user.upload(await screen.findByLabelText('Last opp et regneark'), new File(['x'], 'dørbank.csv', { type: 'text/csv' }));
    await screen.findByText('Feltene til typene deres');
    expect(await screen.findByText('Dørbank: Kontraktsverdi: mangler')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Dørbank: Kontraktsverdi/));
    await user.click(await screen.findByRole('option', { name: 'Verdi' }));
    await vi.waitFor(() =>
      expect(validations.map((call) => call.body)).toEqual([{ mapping: PREVIEW.mapping, fields: { 't-knock.value': 3 } }]),
    );
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubServer();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Importer fra regneark' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen importer ennå')).toBeInTheDocument();
  });

  it('shows an import the server is still writing with how far it has come, and asks again until it is done', async () => {
    let asked = 0;
    stubFetch({
      'GET /api/v1/me': reply(200, adminMe),
      'GET /api/v1/imports': () => {
        asked += 1;
        const item =
          asked === 1
            ? summary({ status: 'committing', rowCount: 100000, importedCount: 42000, committedAt: null, canUndo: false })
            : summary({ rowCount: 100000, importedCount: 100000 });
        return reply(200, { imports: [item] } satisfies ImportHistory);
      },
    });
    renderPage();
    const row = (await screen.findByText('Importing…')).closest('tr')!;
    expect(within(row).getByText('42000 of 100000')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
    await screen.findByText('Imported', {}, { timeout: 5_000 });
    expect(screen.getByText('100000 of 100000')).toBeInTheDocument();
  });
});
