import { BUILT_IN_KPIS, type Badge, type CompanyBadge, type Kpi } from '@core/contracts';
import { BUILT_IN_KPI_DEFINITIONS } from '@core/kpi-formulas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadgeIcons } from '@web/components/badges/badge-icons';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { refuse } from '@web/test/refuse';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { BadgesCard } from './badges-card';
import { CompanyBadgesCard } from './company-badges-card';

/* A company's own badges (decision 107): the admins' card and editor, and the badges where they are shown. */

const KPIS: Kpi[] = BUILT_IN_KPIS.map((key) => ({
  id: key,
  builtIn: true,
  ...BUILT_IN_KPI_DEFINITIONS[key],
  createdAt: null,
  updatedAt: null,
}));

const demoMachine: CompanyBadge = {
  id: 'b-demo',
  names: { en: 'Demo machine', nb: 'Demomaskin' },
  icon: 'presentation',
  colour: 'green',
  kpiId: 'meetings_booked',
  threshold: 3,
  period: 'day',
  enabled: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const renderCard = () =>
  renderWithProviders(
    <>
      <CompanyBadgesCard />
      <Toaster />
    </>,
  );

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => dismissAllToasts());

describe("the admins' own badges", () => {
  it('lists each badge with the rule it is earned by, and says what to do when there is none', async () => {
    const milestone = { ...demoMachine, id: 'b-100', names: { en: 'Centurion' }, kpiId: 'sales', threshold: 100, period: 'ever' as const };
    stubFetch({
      'GET /api/v1/badges/company': reply(200, { badges: [demoMachine, milestone] }),
      'GET /api/v1/kpis': reply(200, { kpis: KPIS }),
    });
    renderCard();
    const [row, second] = await screen.findAllByTestId('company-badge-row');
    expect(within(row!).getByText('Demo machine')).toBeInTheDocument();
    expect(within(row!).getByText('3 meetings booked in a day')).toBeInTheDocument();
    // A milestone is earned once for good.
    expect(within(second!).getByText('100 sales in all')).toBeInTheDocument();

    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/badges/company': reply(200, { badges: [] }), 'GET /api/v1/kpis': reply(200, { kpis: KPIS }) });
    renderCard();
    expect(await screen.findByText('Ingen egne merker ennå')).toBeInTheDocument();
  });

  it("writes the description's example amount in the company's currency, as the reader's language does", async () => {
    stubFetch({ 'GET /api/v1/badges/company': reply(200, { badges: [] }), 'GET /api/v1/kpis': reply(200, { kpis: KPIS }) });
    const card = renderCard();
    expect((await screen.findByText(/Big week/)).textContent!.replace(/\s/g, ' ')).toContain('“Big week” for NOK 50,000 sold in a week.');
    card.unmount();

    await i18n.changeLanguage('da');
    renderWithProviders(<CompanyBadgesCard />, { me: makeTestMe({ currency: 'DKK' }) });
    const danish = (await screen.findByText(/Storuge/)).textContent!.replace(/\s/g, ' ');
    expect(danish).toContain('»Storuge« for 50.000 kr. solgt på en uge. Hvert opnås én gang pr. periode');
  });

  it('makes a badge on a sum of money over a week: the amount in whole kroner is sent in øre, the rule previewed as typed', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      'GET /api/v1/badges/company': reply(200, { badges: [] }),
      'GET /api/v1/kpis': reply(200, { kpis: KPIS }),
      'POST /api/v1/badges/company': reply(201, { ...demoMachine, id: 'b-week', names: { en: 'Big week' } }),
    });
    renderCard();
    await user.click((await screen.findAllByRole('button', { name: 'New badge' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New badge' });
    await user.type(within(dialog).getByLabelText('English'), 'Big week');
    await user.click(within(dialog).getByRole('radio', { name: 'Banknote' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'KPI' }));
    await user.click(await screen.findByRole('option', { name: 'Sales value' }));
    // Nothing typed yet: refused in words, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(within(dialog).getByText('The number to reach must be a whole number')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Amount to reach (NOK)'), '50,000');
    await user.click(within(dialog).getByRole('radio', { name: 'A week' }));
    expect(within(dialog).getByText(/50.000.*sales value in a week/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    await findToast('Badge created');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      names: { en: 'Big week' },
      icon: 'banknote',
      colour: 'amber',
      kpiId: 'sales_value',
      threshold: 5_000_000,
      period: 'week',
      enabled: true,
    });
  });

  it('offers only KPIs that add up and go up, and shows a name taken where the names are', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/v1/badges/company': reply(200, { badges: [] }),
      'GET /api/v1/kpis': reply(200, { kpis: KPIS }),
      'POST /api/v1/badges/company': refuse(409, { code: 'badge_exists', message: 'A badge named "Closer" already exists.' }),
    });
    renderCard();
    await user.click((await screen.findAllByRole('button', { name: 'New badge' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New badge' });
    await user.click(within(dialog).getByRole('combobox', { name: 'KPI' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('Points');
    expect(options).not.toContain('Conversion');
    await user.click(screen.getByRole('option', { name: 'Sales' }));
    await user.type(within(dialog).getByLabelText('English'), 'Closer');
    await user.type(within(dialog).getByLabelText('Number to reach'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(await within(dialog).findByText('A badge named "Closer" already exists.')).toBeInTheDocument();
  });

  it('a badge somebody has earned is not deleted: the admin is told to switch it off', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/v1/badges/company': reply(200, { badges: [demoMachine] }),
      'GET /api/v1/kpis': reply(200, { kpis: KPIS }),
      'DELETE /api/v1/badges/company/b-demo': refuse(409, { code: 'badge_in_use', message: 'Someone has earned this badge.' }),
    });
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete Demo machine' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete “Demo machine”?' })).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('Somebody has earned “Demo machine”');
    expect(toast.description.join(' ')).toMatch(/Switch it off/);
  });
});

describe('a company badge where badges are shown', () => {
  const earned: Badge = {
    id: 'e1',
    userId: 'user-2',
    kind: 'company',
    occasion: 'b-demo:2026-12-01',
    localDate: '2026-12-01',
    data: { companyBadgeId: 'b-demo', kpiId: 'meetings_booked', value: 3, threshold: 3, period: 'day', periodKey: '2026-12-01' },
    earnedAt: '2026-12-01T10:00:00.000Z',
    look: { names: demoMachine.names, icon: 'presentation', colour: 'green' },
  };

  it("on a rep's page: its own name and what it was earned for, in the reader's language", async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/badges/members/user-2': reply(200, { badges: [earned] }), 'GET /api/v1/kpis': reply(200, { kpis: KPIS }) });
    renderWithProviders(<BadgesCard userId="user-2" isSelf={false} />);
    const tile = await screen.findByTestId('badge-tile');
    expect(within(tile).getByText('Demomaskin')).toBeInTheDocument();
    expect(await within(tile).findByText(/^3 møter booket /)).toBeInTheDocument();
  });

  it('in a leaderboard row: each company badge on its own, named for screen readers', () => {
    renderWithProviders(
      <BadgeIcons
        badges={[
          { kind: 'company', companyBadgeId: 'b-demo', count: 2, lastEarnedAt: earned.earnedAt, look: earned.look },
          {
            kind: 'company',
            companyBadgeId: 'b-week',
            count: 1,
            lastEarnedAt: earned.earnedAt,
            look: { names: { en: 'Big week' }, icon: 'banknote', colour: 'amber' },
          },
          { kind: 'first_sale', count: 1, lastEarnedAt: earned.earnedAt },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Badges' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Demo machine ×2', 'Big week', 'First sale']);
  });
});
