import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { buildExportQuery } from '@web/lib/exports';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { ExportMenu, type ExportTarget } from './export-menu';

const MONTH: ExportTarget = { kind: 'leaderboard', period: { period: 'month' }, sort: 'points' };

/** The browser's download: jsdom has no object URLs, and a click on the link would navigate. */
function catchDownloads() {
  const saved: string[] = [];
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const restore = () => {
    click.mockRestore();
    Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
  };
  return { saved, restore };
}

function renderMenu(targets: readonly ExportTarget[] = [MONTH]) {
  return renderWithProviders(
    <>
      <ExportMenu targets={targets} />
      <Toaster />
    </>,
  );
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

/** The query as the address carries it. */
const exportQuery = (request: Parameters<typeof buildExportQuery>[0]) => new URLSearchParams(buildExportQuery(request)).toString();

describe('the export query', () => {
  it('names the period, the member, the sort, the format and the language', () => {
    expect(exportQuery({ ...MONTH, choice: 'xlsx', language: 'en' })).toBe('period=month&sort=points&format=xlsx&language=en');
    expect(
      exportQuery({
        kind: 'activities',
        period: { from: '2026-11-01', to: '2026-11-15' },
        member: 'u1',
        choice: 'csv-semicolon',
        language: 'nb',
      }),
    ).toBe('from=2026-11-01&to=2026-11-15&member=u1&format=csv&separator=semicolon&language=nb');
    // Members have no period and no member; the screen's language when none is named.
    void i18n.changeLanguage('nb');
    expect(exportQuery({ ...MONTH, teamId: 't1', rankBy: 'goal_share', choice: 'csv', language: 'en' })).toBe(
      'period=month&sort=points&teamId=t1&rankBy=goal_share&format=csv&language=en',
    );
    expect(exportQuery({ kind: 'members', period: { period: 'today' }, member: 'u1', choice: 'csv' })).toBe('format=csv&language=nb');
    // The KPI board: its period and team, no sort or ranking.
    expect(exportQuery({ kind: 'kpis', period: { period: 'week' }, teamId: 't1', sort: 'calls', choice: 'xlsx', language: 'sv' })).toBe(
      'period=week&teamId=t1&format=xlsx&language=sv',
    );
  });
});

describe('the Export menu', () => {
  it('opens from the keyboard and downloads the chosen file under the name the server gives', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | URL | string) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        requested.push(url.pathname + url.search);
        return new Response('xlsx bytes', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition':
              'attachment; filename="AErlig Salg AS - leaderboard - 2026-11-01_2026-11-30.xlsx"; filename*=UTF-8\'\'%C3%86rlig%20Salg%20AS%20-%20leaderboard%20-%202026-11-01_2026-11-30.xlsx',
          },
        });
      }),
    );
    const downloads = catchDownloads();
    const user = userEvent.setup();
    renderMenu();
    screen.getByRole('button', { name: 'Export' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toHaveTextContent('Leaderboard, this month');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'CSVComma-separated, decimal points',
      'CSV for Norwegian ExcelSemicolons, decimal commas',
      'Excel (.xlsx)A workbook with dates and numbers',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    const toast = await findToast('Export downloaded');
    expect(toast.description).toEqual(['Saved as Ærlig Salg AS - leaderboard - 2026-11-01_2026-11-30.xlsx.']);
    expect(requested).toEqual(['/api/v1/exports/leaderboard?period=month&sort=points&format=xlsx&language=en']);
    expect(downloads.saved).toEqual(['Ærlig Salg AS - leaderboard - 2026-11-01_2026-11-30.xlsx']);
    downloads.restore();
  });

  it('groups several files by what they hold', async () => {
    const user = userEvent.setup();
    renderMenu([{ kind: 'leaderboard', period: { period: 'today' }, sort: 'calls' }, { kind: 'members' }]);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('group', { name: 'Export Leaderboard, today' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Export Members' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem')).toHaveLength(6);
  });

  it('names the reader’s own row and activities as theirs, not the company’s', async () => {
    const user = userEvent.setup();
    renderMenu([
      { kind: 'leaderboard', period: { period: 'month' }, sort: 'points', member: 'user-1' },
      { kind: 'activities', period: { period: 'month' }, member: 'user-1' },
      { kind: 'activities', period: { period: 'month' }, member: 'someone-else' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('group', { name: 'Export Your row of the leaderboard, this month' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Export Your activities, this month' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Export Activities, this month' })).toBeInTheDocument();
  });

  it('says when too many exports are running, in English and Norwegian, and saves nothing', async () => {
    stubFetch({
      'GET /api/v1/exports/leaderboard': reply(429, {
        error: { code: 'too_many_exports', message: 'You have 2 exports running. Wait for one to finish.' },
      }),
    });
    const downloads = catchDownloads();
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: /^CSV for Norwegian Excel/ }));
    const toast = await findToast('Could not export');
    expect(toast.description).toEqual(['Nothing was downloaded.', 'You have 2 exports running. Wait for one to finish.']);
    dismissAllToasts();

    await i18n.changeLanguage('nb');
    await user.click(screen.getByRole('button', { name: 'Eksporter' }));
    await user.click(await screen.findByRole('menuitem', { name: /^CSV for norsk Excel/ }));
    const norwegian = await findToast('Kunne ikke eksportere');
    expect(norwegian.description).toEqual([
      'Ingenting ble lastet ned.',
      'For mange eksporter pågår. Vent til en er ferdig, og prøv igjen.',
    ]);
    expect(downloads.saved).toEqual([]);
    downloads.restore();
  });

  it('says a refusal (403) in the reader’s language', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/exports/activities': reply(403, { error: { code: 'forbidden', message: 'You may export only your own.' } }) });
    const user = userEvent.setup();
    renderMenu([{ kind: 'activities', period: { period: 'today' }, member: 'someone-else' }]);
    await user.click(screen.getByRole('button', { name: 'Eksporter' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Excel/ }));
    const toast = await findToast('Kunne ikke eksportere');
    expect(toast.description).toEqual(['Ingenting ble lastet ned.', 'Tilgang nektet. Du har ikke tilgang til dette.']);
  });
});
