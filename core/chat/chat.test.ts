import { describe, expect, it } from 'vitest';
import type { Language } from '../contracts/common';
import type { MinorUnits } from '../money';
import type { LocalDate } from '../period';
import { RECORDED_CASES } from './cases';
import contestEnSlack from './fixtures/contest.en.slack.json';
import contestEnTeams from './fixtures/contest.en.teams.json';
import contestNbSlack from './fixtures/contest.nb.slack.json';
import contestNbTeams from './fixtures/contest.nb.teams.json';
import goalEnSlack from './fixtures/goal.en.slack.json';
import goalEnTeams from './fixtures/goal.en.teams.json';
import saleEnSlack from './fixtures/sale.en.slack.json';
import saleEnTeams from './fixtures/sale.en.teams.json';
import saleNbSlack from './fixtures/sale.nb.slack.json';
import saleNbTeams from './fixtures/sale.nb.teams.json';
import summaryEnSlack from './fixtures/summary.en.slack.json';
import summaryEnTeams from './fixtures/summary.en.teams.json';
import summaryNbSlack from './fixtures/summary.nb.slack.json';
import summaryNbTeams from './fixtures/summary.nb.teams.json';
import {
  buildSlackMessage,
  buildTeamsMessage,
  CHAT_NAME_MAX,
  type ChatMessage,
  escapeTeamsMarkdown,
  SlackMessageSchema,
  type SlackMessage,
  TeamsMessageSchema,
  type TeamsMessage,
  truncateText,
} from '.';

/*
 * The chat messages as Slack and Teams receive them: equal to the recorded payloads in fixtures/
 * (written to the shapes of Slack's Block Kit reference and Microsoft's "send an Adaptive Card to
 * an incoming webhook" example), valid against the platforms' rules (schemas.ts) for every
 * message, language and hostile name, and showing a person's text as typed, never as markup.
 */

const RECORDED: Record<string, { slack: unknown; teams: unknown }> = {
  'sale.nb': { slack: saleNbSlack, teams: saleNbTeams },
  'sale.en': { slack: saleEnSlack, teams: saleEnTeams },
  'goal.en': { slack: goalEnSlack, teams: goalEnTeams },
  'summary.nb': { slack: summaryNbSlack, teams: summaryNbTeams },
  'summary.en': { slack: summaryEnSlack, teams: summaryEnTeams },
  'contest.en': { slack: contestEnSlack, teams: contestEnTeams },
  'contest.nb': { slack: contestNbSlack, teams: contestNbTeams },
};

describe('contest posts with units and the prize (decision 087)', () => {
  const win = (unit: 'calls' | 'sales_value' | 'points', prize: string): ChatMessage => ({
    kind: 'contest',
    event: 'finished',
    contest: 'Fredagsblitz',
    leaders: [{ name: 'Dag Lie', score: unit === 'sales_value' ? 9_500_000 : 8 }],
    endsOn: '2026-12-04' as LocalDate,
    unit,
    prize,
  });

  it('says what a score counts and names the prize, in Slack and Teams', () => {
    const nb = { language: 'nb', currency: 'NOK' } as const;
    const slack = JSON.stringify(buildSlackMessage(win('calls', 'Pizza for laget'), nb));
    expect(slack).toContain('"8 samtaler"');
    expect(slack).toContain('Premie: Pizza for laget');
    const teams = JSON.stringify(buildTeamsMessage(win('sales_value', 'Gavekort'), nb));
    expect(teams).toContain('95\u00a0000\u00a0kr');
    expect(teams).toContain('Premie: Gavekort');
    const en = JSON.stringify(buildSlackMessage(win('points', ''), { language: 'en', currency: 'NOK' }));
    expect(en).toContain('"8 points"');
    expect(en).not.toContain('Prize');
  });

  it('writes a KPI contest’s score as its KPI is written, with the KPI’s name in the channel’s language (decision 103)', () => {
    const kpi = { names: { en: 'Connect rate', nb: 'Svarprosent' }, format: 'percent', decimals: 0 } as const;
    const message = {
      ...(win('calls', '') as Extract<ChatMessage, { kind: 'contest' }>),
      leaders: [{ name: 'Dag Lie', score: 0.75 }],
      unit: kpi,
    };
    const nb = JSON.stringify(buildSlackMessage(message, { language: 'nb', currency: 'NOK' }));
    expect(nb).toContain('"75\u00a0% Svarprosent"');
    const en = JSON.stringify(buildTeamsMessage(message, { language: 'en', currency: 'NOK' }));
    expect(en).toContain('75% Connect rate');
  });
});

describe("a goal reached on one of the company's own types (decision 106)", () => {
  const message = (typeNames: Record<string, string> | null): ChatMessage => ({
    kind: 'goal_reached',
    member: 'Kari Nordmann',
    goal: 'type',
    typeNames,
    value: 50,
    target: 50,
  });

  it("names the type in the channel's language as the goal and in the line, in Slack and Teams; a type gone reads as one of yours", () => {
    const nb = { language: 'nb', currency: 'NOK' } as const;
    const slack = JSON.stringify(buildSlackMessage(message({ en: 'Dial', nb: 'Oppringning' }), nb));
    expect(slack).toContain('Kari Nordmann nådde dagsmålet for Oppringning');
    expect(slack).toContain('"Oppringning per dag"');
    const teams = JSON.stringify(buildTeamsMessage(message({ en: 'Dial' }), { language: 'en', currency: 'NOK' }));
    expect(teams).toContain('Kari Nordmann reached their daily goal for Dial');
    expect(teams).toContain('Dial per day');
    expect(JSON.stringify(buildSlackMessage(message(null), { language: 'en', currency: 'NOK' }))).toContain(
      'reached their daily goal for a type of yours',
    );
    expect(SlackMessageSchema.safeParse(buildSlackMessage(message({ en: '*Dial*' }), nb)).success).toBe(true);
    expect(TeamsMessageSchema.safeParse(buildTeamsMessage(message({ en: 'Dial' }), nb)).success).toBe(true);
  });
});

describe('recorded payloads', () => {
  it.each(RECORDED_CASES)('$name is the recorded Slack and Teams body', ({ name, message, context }) => {
    expect(buildSlackMessage(message, context)).toEqual(RECORDED[name]!.slack);
    expect(buildTeamsMessage(message, context)).toEqual(RECORDED[name]!.teams);
  });

  it('writes money and numbers as the company locale does (nb-NO: "12 500 kr", with no-break spaces)', () => {
    const slack = JSON.stringify(saleNbSlack);
    expect(slack).toContain('Kari Nordmann har solgt for 12\u00a0500\u00a0kr');
    expect(JSON.stringify(summaryNbTeams)).toContain('"value":"1\u00a0204"');
    expect(JSON.stringify(saleEnTeams)).toContain('Ola Hansen closed a sale of NOK\u00a0999.50');
  });
});

// ---------------------------------------------------------------------------------------------
// Every message we can build is valid, whatever the names
// ---------------------------------------------------------------------------------------------

const HOSTILE = [
  '<script>alert(1)</script>',
  '*bold* _italic_ ~strike~ `code`',
  'Tom & Jerry &amp; &lt;co&gt;',
  '<!channel> <@U012AB3CD> <https://evil.example|click>',
  '[click](https://evil.example)',
  '{{DATE(2017-02-14T06:08:39Z, SHORT)}}',
  '- not a list',
  '1. not a list either',
  '👩‍👩‍👧‍👦 Familien 🇳🇴 Ærlig Østby Åsen',
  'multi\nline\tname',
  'A'.repeat(200),
  '&'.repeat(200),
  '👩‍👩‍👧‍👦'.repeat(40),
];

function messagesWith(name: string): ChatMessage[] {
  return [
    { kind: 'sale', rep: name, value: 1_250_000 as MinorUnits, customer: name, product: name, points: 10 },
    { kind: 'sale', rep: null, value: 1 as MinorUnits, customer: null, product: '  ', points: 0 },
    { kind: 'goal_reached', member: name, goal: 'meetings', value: 5, target: 5 },
    {
      kind: 'daily_summary',
      date: '2026-03-29' as LocalDate,
      top: [
        { name, points: 1_000_000 },
        { name, points: 2 },
        { name: null, points: 1 },
        { name, points: 1 },
      ],
      totals: { calls: 123_456, meetings: 7, sales: 3, revenue: 999_999_999_99 as MinorUnits, points: 1_000_003 },
      // A big company where many logged nothing: the list must still fit.
      idle: Array.from({ length: 300 }, (_, i) => (i % 2 ? name : `${name} ${i}`)),
    },
    {
      kind: 'daily_summary',
      date: '2026-10-25' as LocalDate,
      top: [],
      totals: { calls: 0, meetings: 0, sales: 0, revenue: 0 as MinorUnits, points: 0 },
      idle: [],
    },
  ];
}

const LANGUAGES: Language[] = ['en', 'nb', 'sv', 'da'];
const cases = LANGUAGES.flatMap((language) => HOSTILE.map((name) => ({ language, name })));

function slackTexts(message: SlackMessage): { type: string; text: string }[] {
  return message.blocks.flatMap((block) => {
    if (block.type === 'header') return [block.text];
    if (block.type === 'section') return [...(block.text ? [block.text] : []), ...(block.fields ?? [])];
    if (block.type === 'context') return block.elements;
    return [];
  });
}

/** What Slack shows for a text: it decodes exactly &amp; &lt; &gt;. */
const decodeSlack = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function teamsTexts(message: TeamsMessage): string[] {
  return message.attachments[0].content.body.flatMap((element) =>
    element.type === 'TextBlock' ? [element.text] : element.facts.flatMap((fact) => [fact.title, fact.value]),
  );
}

describe('Slack', () => {
  it.each(cases)('valid Block Kit in $language with the name %#', ({ language, name }) => {
    const tameMessages = messagesWith('Kari');
    for (const [index, message] of messagesWith(name).entries()) {
      const built = buildSlackMessage(message, { language, currency: 'NOK' });
      const parsed = SlackMessageSchema.safeParse(built);
      expect(parsed.error?.issues ?? []).toEqual([]);
      for (const { text } of [...slackTexts(built), { text: built.text }]) {
        // No raw control character: every <, > and & reaches Slack as one of its three entities.
        expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
      }
      // A person's text never reaches mrkdwn: the mrkdwn texts are the same whatever the name.
      const mrkdwn = (b: SlackMessage) => slackTexts(b).filter((t) => t.type === 'mrkdwn');
      const tame = buildSlackMessage(tameMessages[index]!, { language, currency: 'NOK' });
      expect(mrkdwn(built)).toEqual(mrkdwn(tame));
    }
  });

  it('shows a name as typed (decoded), cut to its length with an ellipsis', () => {
    const built = buildSlackMessage(messagesWith('<script>alert(1)</script>')[0]!, { language: 'en', currency: 'NOK' });
    const texts = slackTexts(built).map((t) => decodeSlack(t.text));
    expect(texts).toContain('<script>alert(1)</script> closed a sale of NOK\u00a012,500');
    expect(texts).toContain('<script>alert(1)</script>');
    const long = buildSlackMessage(messagesWith('A'.repeat(200))[2]!, { language: 'en', currency: 'NOK' });
    expect(slackTexts(long).map((t) => t.text)).toContain(`${'A'.repeat(CHAT_NAME_MAX - 1)}… reached their daily goal for meetings booked`);
  });

  it('lists who logged nothing within a section, with how many more', () => {
    const summary = messagesWith('&'.repeat(200))[3]! as Extract<ChatMessage, { kind: 'daily_summary' }>;
    const built = buildSlackMessage(summary, { language: 'nb', currency: 'NOK' });
    const list = slackTexts(built).at(-1)!.text;
    expect(list.length).toBeLessThanOrEqual(3000);
    const more = /og (\d+) til$/.exec(list);
    expect(more).not.toBeNull();
    const shown = list.replace(/ og \d+ til$/, '').split(', ').length;
    expect(shown + Number(more![1])).toBe(summary.idle.length);
  });

  it('shows the top three, best first, however many are given', () => {
    const built = buildSlackMessage(messagesWith('Kari')[3]!, { language: 'en', currency: 'NOK' });
    const top = built.blocks.find((b) => b.type === 'section' && b.text?.text === '*Top 3 by points*');
    expect(top && top.type === 'section' && top.fields?.map((f) => f.text)).toEqual([
      '🥇 Kari',
      '1,000,000 points',
      '🥈 Kari',
      '2 points',
      '🥉 A team member',
      '1 point',
    ]);
  });
});

describe('Teams', () => {
  it.each(cases)('a valid Adaptive Card 1.4 message in $language with the name %#', ({ language, name }) => {
    for (const message of messagesWith(name)) {
      const built = buildTeamsMessage(message, { language, currency: 'NOK' });
      const parsed = TeamsMessageSchema.safeParse(built);
      expect(parsed.error?.issues ?? []).toEqual([]);
      for (const text of teamsTexts(built)) {
        // No markdown a person typed survives: every * _ [ ] is escaped, and no {{ starts a function.
        expect(text).not.toMatch(/(?<!\\)[*_[\]]/);
        expect(text).not.toContain('{{');
      }
    }
  });

  it('escapes markdown so a name shows as typed', () => {
    expect(escapeTeamsMarkdown('*bold* _it_ [x](https://e.example) a\\b')).toBe('\\*bold\\* \\_it\\_ \\[x\\](https://e.example) a\\\\b');
    expect(escapeTeamsMarkdown('- item')).toBe('\\- item');
    expect(escapeTeamsMarkdown('12. item')).toBe('12\\. item');
    expect(escapeTeamsMarkdown('Kari-Anne A. Berg')).toBe('Kari-Anne A. Berg');
    expect(escapeTeamsMarkdown('{{{DATE(x)}}}')).toBe('{\u200b{\u200b{DATE(x)}}}');
    const built = buildTeamsMessage(messagesWith('*bold*')[0]!, { language: 'nb', currency: 'NOK' });
    expect(teamsTexts(built)).toContain('\\*bold\\* har solgt for 12\u00a0500\u00a0kr');
    // The fallback text is plain: it is shown as it is, never as markdown.
    expect(built.attachments[0].content.fallbackText).toBe('*bold* har solgt for 12\u00a0500\u00a0kr');
  });
});

describe('Swedish and Danish', () => {
  const sale: ChatMessage = { kind: 'sale', rep: 'Kari', value: 1_250_000 as MinorUnits, customer: 'Fjord AB', product: null, points: 10 };
  const summary: ChatMessage = {
    kind: 'daily_summary',
    date: '2026-11-24' as LocalDate,
    top: [{ name: 'Kari', points: 12 }],
    totals: { calls: 1_204, meetings: 9, sales: 1, revenue: 3_750_000 as MinorUnits, points: 12 },
    idle: [null],
  };

  it('writes a Swedish message in Swedish words, with sv-SE numbers and dates', () => {
    const slack = buildSlackMessage(sale, { language: 'sv', currency: 'SEK' });
    expect(slack.text).toBe('Kari har stängt en affär på 12\u00a0500\u00a0kr');
    expect(slackTexts(slack).map((t) => t.text)).toEqual(['🎉 Ny affär', slack.text, '*Kund*', 'Fjord AB', '*Poäng*', '10']);
    const teams = buildTeamsMessage(summary, { language: 'sv', currency: 'SEK' });
    expect(teams.attachments[0].content.fallbackText).toBe(
      'Dagssammanfattning för tisdag 24 november 2026: 12 poäng, 1 affär (37\u00a0500\u00a0kr)',
    );
    expect(teamsTexts(teams)).toEqual(
      expect.arrayContaining(['Topp 3 efter poäng', '12 poäng', 'Samtal', '1\u00a0204', 'Försäljningsvärde', 'En teammedlem']),
    );
  });

  it('writes a Danish message in Danish words, with da-DK numbers and dates', () => {
    const slack = buildSlackMessage(sale, { language: 'da', currency: 'DKK' });
    expect(slack.text).toBe('Kari har lukket et salg på 12.500\u00a0kr.');
    expect(slackTexts(slack).map((t) => t.text)).toEqual(['🎉 Nyt salg', slack.text, '*Kunde*', 'Fjord AB', '*Point*', '10']);
    const teams = buildTeamsMessage(summary, { language: 'da', currency: 'DKK' });
    expect(teams.attachments[0].content.fallbackText).toBe(
      'Daglig opsummering for tirsdag den 24. november 2026: 12 point, 1 salg (37.500\u00a0kr.)',
    );
    expect(teamsTexts(teams)).toEqual(
      expect.arrayContaining(['Top 3 efter point', '12 point', 'Opkald', '1.204', 'Salgsværdi', 'Et teammedlem']),
    );
  });
});

describe('truncateText', () => {
  it('keeps short text, flattens white space, and cuts between whole graphemes', () => {
    expect(truncateText('  Kari \n Nordmann ', 80)).toBe('Kari Nordmann');
    const family = '👩‍👩‍👧‍👦';
    const cut = truncateText(family.repeat(40), 80);
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(cut).toBe(`${family.repeat(7)}…`);
    expect(truncateText('ÆØÅ'.repeat(100), 10)).toBe('ÆØÅÆØÅÆØÅ…');
  });
});
