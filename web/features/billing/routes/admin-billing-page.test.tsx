import { computeMonthlyPrice } from '@core/billing';
import type { Billing } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts } from '@web/test/find-toast';
import { makeTestAdminMe, renderWithProviders } from '@web/test/render-with-providers';
import { refuse } from '@web/test/refuse';
import { reply, stubFetch, type StubReply } from '@web/test/stub-fetch';
import { Component as AdminBillingPage } from './admin-billing-page';

const adminMe = makeTestAdminMe();

/** GET /admin/billing for a company of this many active members, priced as the server prices it. */
function billingFor(memberCount: number): Billing {
  const price = computeMonthlyPrice(memberCount);
  return { ...price, currency: 'USD', priceOnRequest: price.monthlyPriceCents === null };
}

function renderPage(answer: StubReply | (() => StubReply)) {
  const calls = stubFetch({ 'GET /api/v1/me': reply(200, adminMe), 'GET /api/v1/admin/billing': answer });
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AdminBillingPage />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me: adminMe },
  );
  return { calls, user: userEvent.setup() };
}

/** The card of the plan the company is on (the one at the top), as read. */
const currentPlan = async (title = 'Current plan') => (await screen.findByText(title, { selector: 'p' })).parentElement!.parentElement!;
/** The three plan cards, each as its name, price and whether it is marked current. */
const planCards = (heading = 'Plans') =>
  [...screen.getByRole('heading', { name: heading }).nextElementSibling!.children].map((card) => card.textContent!.replace(/\s/g, ' '));

/** The alert (not the note about payments) that starts with this title. */
const findAlert = (title: string) =>
  vi.waitFor(() => {
    const alert = screen.queryAllByRole('alert').find((element) => element.textContent?.startsWith(title));
    if (!alert) throw new Error(`no alert says "${title}"`);
    return alert;
  });

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Administration, Billing', () => {
  it('a team of 3 is on Free: $0 a month, and Free is marked among the plans', async () => {
    const { calls } = renderPage(reply(200, billingFor(3)));
    // Loading: a placeholder until the plan arrives; the plans themselves are known already.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    const current = await currentPlan();
    expect(current).toHaveTextContent('Free');
    expect(current).toHaveTextContent('Active');
    expect(current).toHaveTextContent('3 active members');
    expect(current).toHaveTextContent('$0/ month');
    expect(current).toHaveTextContent('Free for teams of 1 to 5 users.');
    const cards = planCards();
    expect(cards[0]).toMatch(/^FreeCurrent planFor teams of 1 to 5 users\$0\/ monthUp to 5 users/);
    expect(cards[1]).toMatch(/^ProFor teams of 6 to 19 users\$99\/ monthUp to 10 users includedThen \$10 per additional user per month/);
    expect(cards[2]).toMatch(/^EnterpriseFor teams of 20\+ usersPrice on request20 users or more/);
    expect(screen.getByRole('link', { name: 'contact us.' })).toHaveAttribute('href', '/contact');
    expect(calls.filter((c) => c.path === '/api/v1/admin/billing')).toHaveLength(1);
  });

  it('a team of 13 is on Pro: the base price and the three users on top, worked out', async () => {
    renderPage(reply(200, billingFor(13)));
    const current = await currentPlan();
    expect(current).toHaveTextContent('Pro');
    expect(current).toHaveTextContent('13 active members');
    expect(current).toHaveTextContent('$129/ month');
    expect(current).toHaveTextContent('$99 covers up to 10 users. Plus 3 additional users at $10 each.');
    expect(planCards()[1]).toMatch(/^ProCurrent plan/);
    expect(planCards()[0]).not.toContain('Current plan');
  });

  it('a team of 20 is on Enterprise: the price is on request, with a way to ask', async () => {
    renderPage(reply(200, billingFor(20)));
    const current = await currentPlan();
    expect(current).toHaveTextContent('Enterprise');
    expect(current).toHaveTextContent('20 active members');
    expect(current).toHaveTextContent('Price on request');
    expect(within(current).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact');
    expect(planCards()[2]).toMatch(/^EnterpriseCurrent plan/);
  });

  it('says when the plan cannot load, and loads it again on Try again', async () => {
    let attempts = 0;
    const { user } = renderPage(() =>
      ++attempts === 1 ? refuse(403, { code: 'forbidden', message: 'You do not have access to this.' }) : reply(200, billingFor(1)),
    );
    const alert = await findAlert('Error loading billing');
    expect(alert).toHaveTextContent('You do not have access to this.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await currentPlan()).toHaveTextContent('1 active member');
  });

  it('speaks Norwegian, prices included', async () => {
    await i18n.changeLanguage('nb');
    renderPage(reply(200, billingFor(11)));
    const current = await currentPlan('Nåværende plan');
    expect(current).toHaveTextContent('11 aktive medlemmer');
    expect(current).toHaveTextContent('109 USD/ måned');
    expect(current).toHaveTextContent('99 USD dekker opptil 10 brukere. Pluss 1 ekstra bruker à 10 USD.');
    expect(planCards('Planer')[2]).toMatch(/^EnterpriseFor team på 20\+ brukerePris på forespørsel/);
    expect(screen.getByText('Ingen betalingsbehandling')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kontakt oss.' })).toHaveAttribute('href', '/contact');
  });
});
