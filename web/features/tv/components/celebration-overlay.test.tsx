import '@web/i18n';
import { render, screen } from '@testing-library/react';
import type { CelebrationCard } from '@core/celebrations';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { CelebrationOverlay } from './celebration-overlay';

/* A contest's start and a new leader on the wall (decisions 049, 051): the card names the contest. */

const event = (over: Partial<CelebrationCard['events'][number]>): CelebrationCard['events'][number] => ({
  id: 'e1',
  kind: 'contestLead',
  userId: 'u1',
  displayName: 'Ola Hansen',
  formerMember: false,
  detail: 'Call sprint',
  ...over,
});

function show(card: CelebrationCard) {
  render(<CelebrationOverlay card={card} style="banner" reducedMotion bubbles={[]} isSoundBlocked={false} />);
  return screen.getAllByRole('status')[0]!;
}

afterEach(() => void i18n.changeLanguage('en'));

describe('contest news on the wall', () => {
  it('names the new leader and the contest', () => {
    expect(show({ id: 'c1', kind: 'contestLead', events: [event({})] })).toHaveTextContent(
      'New leader!Ola Hansen takes the lead in Call sprint',
    );
  });

  it('a team leading is named by the team', () => {
    const card: CelebrationCard = { id: 'c2', kind: 'contestLead', events: [event({ userId: null, displayName: 'Oslo' })] };
    expect(show(card)).toHaveTextContent('Oslo takes the lead in Call sprint');
  });

  it('a contest starting names the contest; several starting at once are listed; in Norwegian too', async () => {
    const started = (id: string, detail: string) => event({ id, kind: 'contestStarted', userId: null, displayName: null, detail });
    expect(show({ id: 'c3', kind: 'contestStarted', events: [started('a', 'Call sprint')] })).toHaveTextContent(
      'Contest started!Call sprint is on. Go!',
    );
    document.body.innerHTML = '';
    expect(show({ id: 'c4', kind: 'contestStarted', events: [started('a', 'Call sprint'), started('b', 'Sales race')] })).toHaveTextContent(
      '2 contests started!Call sprint and Sales race',
    );
    document.body.innerHTML = '';
    await i18n.changeLanguage('nb');
    expect(show({ id: 'c5', kind: 'contestLead', events: [event({})] })).toHaveTextContent(
      'Ny leder!Ola Hansen tar ledelsen i Call sprint',
    );
  });
});

describe("a sale's card on the wall (decision 078)", () => {
  const sale = (over: Partial<CelebrationCard['events'][number]>) =>
    event({ kind: 'sale', displayName: 'Kari Nordmann', detail: null, saleValue: 4_800_000, customerName: 'Fjordkraft', ...over });
  const showSale = (events: CelebrationCard['events'], style: 'banner' | 'confetti' = 'confetti') => {
    render(
      <CelebrationOverlay
        card={{ id: 's', kind: 'sale', events }}
        style={style}
        reducedMotion
        bubbles={[]}
        currency="NOK"
        isSoundBlocked={false}
      />,
    );
    return screen.getAllByRole('status')[0]!;
  };

  it('gives the amount in the company currency and names the customer, in either look and in Norwegian', async () => {
    expect(showSale([sale({})])).toHaveTextContent('Sale closed!NOK 48,000Kari Nordmann just closed a sale with Fjordkraft');
    expect(screen.getByTestId('celebration-amount')).toHaveTextContent('NOK 48,000');
    document.body.innerHTML = '';
    expect(showSale([sale({})], 'banner')).toHaveTextContent('Sale closed!NOK 48,000Kari Nordmann just closed a sale with Fjordkraft');
    document.body.innerHTML = '';
    await i18n.changeLanguage('nb');
    expect(showSale([sale({})])).toHaveTextContent(/Salg i boks!48\s000\skrKari Nordmann har nettopp lukket et salg med Fjordkraft/);
  });

  it('says only what the company shows: no amount, no customer', () => {
    expect(showSale([sale({ saleValue: null })])).toHaveTextContent('Sale closed!Kari Nordmann just closed a sale with Fjordkraft');
    expect(screen.queryByTestId('celebration-amount')).not.toBeInTheDocument();
    document.body.innerHTML = '';
    expect(showSale([sale({ saleValue: null, customerName: null })])).toHaveTextContent('Sale closed!Kari Nordmann just closed a sale');
  });
});

describe('the winner card on the wall (decision 087)', () => {
  const won = (over: Partial<CelebrationCard['events'][number]>) =>
    event({
      kind: 'contest',
      displayName: 'Dag Lie',
      detail: 'Friday blitz',
      contestScore: { score: 8, unit: 'calls' },
      prize: 'Cake',
      ...over,
    });
  const showWin = (events: CelebrationCard['events']) => {
    render(
      <CelebrationOverlay
        card={{ id: 'w', kind: 'contest', events }}
        style="confetti"
        reducedMotion
        bubbles={[]}
        currency="NOK"
        isSoundBlocked={false}
      />,
    );
    return screen.getAllByRole('status')[0]!;
  };

  it('names the winner, the contest, the score with what it counts and the prize; money as money; in Norwegian too', async () => {
    expect(showWin([won({})])).toHaveTextContent('Contest won!8 callsDag Lie won Friday blitzPrize: Cake');
    document.body.innerHTML = '';
    expect(showWin([won({ contestScore: { score: 9_500_000, unit: 'sales_value' }, prize: null })])).toHaveTextContent(
      'Contest won!NOK 95,000Dag Lie won Friday blitz',
    );
    expect(screen.queryByTestId('celebration-note')).not.toBeInTheDocument();
    document.body.innerHTML = '';
    await i18n.changeLanguage('nb');
    expect(showWin([won({ contestScore: { score: 1, unit: 'sales' } })])).toHaveTextContent(
      'Konkurranse vunnet!1 salgDag Lie vant Friday blitzPremie: Cake',
    );
  });
});

describe("an own type's card on the wall (decision 105)", () => {
  const own = (id: string, outcome: Record<string, string> | null, name = { en: 'Dial', nb: 'Oppringning' }, celebratesEvery = false) =>
    event({
      id,
      kind: 'activity',
      displayName: 'Kari Nordmann',
      detail: null,
      ownType: { names: name, icon: 'phone-call', colour: 'blue', outcomeNames: outcome, celebratesEvery },
    });

  it("names the outcome it was celebrated for, the type and who, in the reader's language; a burst counts them", async () => {
    const demo = { en: 'Demo booked', nb: 'Demo booket' };
    expect(show({ id: 'o1', kind: 'activity', events: [own('a', demo)] })).toHaveTextContent(
      'Demo booked!Kari Nordmann just logged dial: demo booked',
    );
    document.body.innerHTML = '';
    expect(
      show({ id: 'o2', kind: 'activity', events: [own('a', null, { en: 'Signed contract', nb: 'Signert kontrakt' })] }),
    ).toHaveTextContent('Signed contract!Kari Nordmann just logged signed contract');
    document.body.innerHTML = '';
    expect(show({ id: 'o3', kind: 'activity', events: [own('a', demo), own('b', demo)] })).toHaveTextContent('2 × Demo booked!');
    document.body.innerHTML = '';
    expect(
      show({ id: 'o4', kind: 'activity', events: [own('a', demo), own('b', null, { en: 'Upsell', nb: 'Mersalg' })] }),
    ).toHaveTextContent('2 to celebrate!Kari Nordmann and Kari Nordmann');
    document.body.innerHTML = '';
    // A type that celebrates every one is named itself: its outcome is not what is cheered.
    const lost = own('a', { en: 'Lost' }, { en: 'Renewal', nb: 'Fornyelse' }, true);
    expect(show({ id: 'o6', kind: 'activity', events: [lost] })).toHaveTextContent('Renewal!Kari Nordmann just logged renewal: lost');
    document.body.innerHTML = '';
    await i18n.changeLanguage('nb');
    expect(show({ id: 'o5', kind: 'activity', events: [own('a', demo)] })).toHaveTextContent(
      'Demo booket!Kari Nordmann registrerte nettopp oppringning: demo booket',
    );
  });
});

describe('a badge on the wall', () => {
  it("names the badge: a built-in one from the catalogue, a company's own by its names, in the reader's language", async () => {
    const earned = (badge: CelebrationCard['events'][number]['badge']) =>
      event({ kind: 'badge', displayName: 'Kari Nordmann', detail: null, badge });
    expect(show({ id: 'b1', kind: 'badge', events: [earned({ kind: 'first_sale', names: null })] })).toHaveTextContent(
      'Badge earned!Kari Nordmann earned “First sale”',
    );
    document.body.innerHTML = '';
    const own = earned({ kind: 'company', names: { en: 'Demo machine', nb: 'Demomaskin' } });
    expect(show({ id: 'b2', kind: 'badge', events: [own] })).toHaveTextContent('Kari Nordmann earned “Demo machine”');
    document.body.innerHTML = '';
    // One from before the cards named them: the words they always had.
    expect(show({ id: 'b3', kind: 'badge', events: [earned(null)] })).toHaveTextContent('Kari Nordmann just earned a badge');
    document.body.innerHTML = '';
    await i18n.changeLanguage('nb');
    expect(show({ id: 'b4', kind: 'badge', events: [own] })).toHaveTextContent('Kari Nordmann fikk «Demomaskin»');
  });
});
