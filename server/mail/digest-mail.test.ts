import type { TargetMetric } from '@core/contracts';
import type { DigestKpiLine, DigestTargetLine, DigestTotals, WeeklyDigest } from '@core/digest';
import type { LocalDate } from '@core/period';
import { describe, expect, it } from 'vitest';
import { DIGEST_BEHIND_SHOWN, renderDigestMail } from './digest-mail';
import type { MailLanguage } from './templates';

/*
 * The weekly digest as its reader gets it (decisions 047, 089): the change against the week
 * before beside every total, the week's best, the split by team with the teams' targets, who is
 * behind (a phone's worth of names), and every count's noun agreeing with its number.
 */

const totals = (values: Partial<DigestTotals>): DigestTotals => ({
  calls: 0,
  meetings_booked: 0,
  meetings_held: 0,
  sales: 0,
  sales_value: 0,
  points: 0,
  ...values,
});
const target = (metric: TargetMetric, progress: number, value: number, pace: DigestTargetLine['pace']): DigestTargetLine => ({
  metric,
  period: 'week',
  value,
  progress,
  pace,
});

function adminDigest(overrides: Partial<NonNullable<WeeklyDigest['team']>> = {}): WeeklyDigest {
  return {
    weekStart: '2026-11-16' as LocalDate,
    weekEnd: '2026-11-22' as LocalDate,
    own: null,
    team: {
      scope: 'company',
      teamNames: [],
      totals: totals({ calls: 45, meetings_booked: 4, sales: 3, sales_value: 45_000_00, points: 320 }),
      previous: totals({ calls: 37, meetings_booked: 6, sales: 3, sales_value: 30_000_00, points: 290 }),
      top: [
        { userId: 'kari', name: 'Kari Nordmann', points: 116 },
        { userId: 'ola', name: 'Ola Hansen', points: 1 },
      ],
      teams: [
        {
          teamId: 'oslo',
          name: 'Oslo',
          totals: totals({ calls: 40, sales: 3, sales_value: 45_000_00, points: 300 }),
          targets: [target('calls', 40, 60, 'behind')],
        },
        { teamId: 'bergen', name: 'Bergen', totals: totals({ calls: 1, points: 1 }), targets: [] },
        { teamId: 'tromsø', name: 'Tromsø', totals: totals({ meetings_booked: 1, points: 5 }), targets: [] },
        { teamId: null, name: null, totals: totals({ calls: 4, points: 19 }), targets: [] },
      ],
      behind: [],
      wrapups: { count: 1, unread: true },
      kpis: [],
      ...overrides,
    },
  };
}

/** Intl puts no-break and thin spaces in money and ranges ("NOK\u00a045,000"); the tests read plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

const render = (digest: WeeklyDigest, language: MailLanguage, preview = false) => {
  const mail = renderDigestMail({
    brand: 'Dealboard',
    to: 'admin@example.com',
    name: 'Astrid',
    language,
    currency: 'NOK',
    digest,
    appUrl: 'https://dealboard.example/app',
    unsubscribeUrl: 'https://dealboard.example/unsubscribe/digest?token=t',
    preview,
  });
  return { ...mail, text: plain(mail.text), html: plain(mail.html ?? '') };
};

describe('the digest mail', () => {
  it('puts the change against the week before beside every total, in the text and in the HTML', () => {
    const mail = render(adminDigest(), 'en');
    expect(mail.text).toContain("The company's week\n  Week 47, with the change from week 46 in brackets\n  Calls: 45 (+8)");
    expect(mail.text).toContain('Calls: 45 (+8)');
    expect(mail.text).toContain('Meetings booked: 4 (\u22122)');
    expect(mail.text).toContain('Sales: 3 (\u00b10)');
    expect(mail.text).toContain('Sales value: NOK 45,000 (+NOK 15,000)');
    expect(mail.html).toContain('>Week 47<');
    expect(mail.html).toContain('>vs. week 46<');
    expect(mail.html).toContain('>+8<');
  });

  it("names the week's best, splits the company by team with each team's targets, saying only what happened", () => {
    const { text } = render(adminDigest(), 'en');
    expect(text).toContain('Top of the week:\n    1. Kari Nordmann, 116 points\n    2. Ola Hansen, 1 point');
    expect(text).toContain(
      [
        '  By team:',
        '    Oslo: 300 points, 40 calls, 3 sales (NOK 45,000)',
        '      Calls: 40 of 60 last week (behind)',
        '    Bergen: 1 point, 1 call',
        '    Tromsø: 5 points, 1 meeting booked',
        '    Not in a team: 19 points, 4 calls',
      ].join('\n'),
    );
  });

  it("a lead's one team shows its targets without a split that would only repeat the totals", () => {
    const digest = adminDigest({
      scope: 'teams',
      teamNames: ['Oslo'],
      teams: [{ teamId: 'oslo', name: 'Oslo', totals: totals({ calls: 40 }), targets: [target('calls', 40, 60, 'behind')] }],
    });
    const { text } = render(digest, 'nb');
    expect(text).toContain('Teammål:\n    Samtaler: 40 av 60 forrige uke (bak)');
    expect(text).not.toContain('Per team');
  });

  it(`names at most ${DIGEST_BEHIND_SHOWN} people behind pace and says how many more there are`, () => {
    const names = ['Anders', 'Bente', 'Cato', 'Dina', 'Eirik', 'Frida', 'Geir'];
    const digest = adminDigest({
      behind: names.map((name) => ({ userId: name, name, targets: [target('calls', 2, 10, 'behind')] })),
    });
    const { text } = render(digest, 'nb');
    expect(text).toContain('    Eirik: Samtaler: 2 av 10 forrige uke (bak)');
    expect(text).not.toContain('Frida');
    expect(text).toContain('og 2 til: se Mål i appen.');
  });

  it("writes a target on a KPI (decision 104) as its KPI: its name in the reader's language and its format", () => {
    const contracts = { id: 'kpi-contracts', names: { en: 'Contracts', nb: 'Kontrakter' }, format: 'number' as const, decimals: 0 };
    const value = { id: 'kpi-value', names: { en: 'Contract value', nb: 'Kontraktsverdi' }, format: 'money' as const, decimals: 0 };
    const digest = adminDigest({
      teams: [
        {
          teamId: 'oslo',
          name: 'Oslo',
          totals: totals({ calls: 40, points: 300 }),
          targets: [{ metric: 'kpi', kpi: contracts, period: 'week', value: 5, progress: 4, pace: 'behind' }],
        },
      ],
      behind: [
        {
          userId: 'kari',
          name: 'Kari',
          targets: [{ metric: 'kpi', kpi: value, period: 'month', value: 100_000_00, progress: 42_500_00, pace: 'behind' }],
        },
      ],
    });
    expect(render(digest, 'en').text).toContain('Team targets (Oslo):\n    Contracts: 4 of 5 last week (behind)');
    expect(render(digest, 'en').text).toContain('    Kari: Contract value: NOK 42,500 of NOK 100,000 this month so far (behind)');
    expect(render(digest, 'nb').text).toContain('    Kari: Kontraktsverdi: 42 500 kr av 100 000 kr denne måneden så langt (bak)');
  });

  it.each<[MailLanguage, string, string, string]>([
    ['en', '1 unread wrap-up from your people.', '2 unread wrap-ups from your people.', '1 point'],
    ['nb', '1 ulest dagsoppsummering fra folkene dine.', '2 uleste dagsoppsummeringer fra folkene dine.', '1 poeng'],
    ['sv', '1 oläst dagssammanfattning från dina medarbetare.', '2 olästa dagssammanfattningar från dina medarbetare.', '1 poäng'],
    ['da', '1 ulæst opsummering fra dine medarbejdere.', '2 ulæste opsummeringer fra dine medarbejdere.', '1 point'],
  ])('counts agree with their number in %s', (language, one, two, point) => {
    expect(render(adminDigest(), language).text).toContain(one);
    expect(render(adminDigest({ wrapups: { count: 2, unread: true } }), language).text).toContain(two);
    expect(render(adminDigest(), language).text).toContain(`Ola Hansen, ${point}`);
  });

  it('a preview speaks of the running week: "so far", never "last week"', () => {
    const mail = render(adminDigest(), 'en', true);
    expect(mail.html).toContain('This week so far, 16 – 22 November 2026');
    expect(mail.text).toContain('Here is how this week is going so far.');
    expect(mail.text).toContain('Calls: 40 of 60 this week so far (behind)');
    expect(mail.text).not.toContain('last week');
  });

  it('stays a phone-sized mail: the viewport is the device’s and the card at most 480 px', () => {
    const { html } = render(adminDigest(), 'en');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:480px');
  });

  it("lists the company's own KPIs under the totals in the reader's language: green when better, lower is better too", () => {
    const kpi = (names: Record<string, string>, over: Partial<DigestKpiLine>): DigestKpiLine => ({
      id: names.en!,
      names,
      format: 'number',
      decimals: 0,
      lowerIsBetter: false,
      value: null,
      previous: null,
      ...over,
    });
    const digest = adminDigest({
      kpis: [
        kpi({ en: 'Demos booked', nb: 'Demoer booket' }, { value: 12, previous: 9 }),
        kpi({ en: 'Largest contract' }, { format: 'money', value: 48_000_00, previous: 50_000_00 }),
        kpi({ en: 'Wait time' }, { lowerIsBetter: true, decimals: 1, value: 3.5, previous: 4 }),
        kpi({ en: 'Offers per call' }, { format: 'percent', value: 0.25, previous: null }),
        kpi({ en: 'Answered share' }, { format: 'percent', value: 0.25, previous: 0.2 }),
      ],
    });
    const { text, html } = render(digest, 'en');
    expect(text).toContain(
      [
        '  Points: 320 (+30)',
        '  Demos booked: 12 (+3)',
        '  Largest contract: NOK 48,000 (\u2212NOK 2,000)',
        '  Wait time: 3.5 (\u22120.5)',
        '  Offers per call: 25% (—)',
        // A share's change in percentage points, not percent of a percent.
        '  Answered share: 25% (+5 pp)',
      ].join('\n'),
    );
    // Down on a KPI where lower is better is good news: green, as up is on the others.
    expect(html).toMatch(/Wait time<\/td>.*?color:#047857">\u22120\.5</);
    expect(html).toMatch(/Largest contract<\/td>.*?color:#b91c1c">\u2212NOK 2,000</);
    expect(render(digest, 'nb').text).toContain('Demoer booket: 12 (+3)');
  });
});
