/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';
import { collectModuleMessages } from './collect';
import da from './da.json';
import { describeIssue, localizeIssueMessage, type MessageTable } from './index';
import nb from './nb.json';
import sv from './sv.json';

/*
 * Every message the contracts give a refusal has a text in every language (decision 083), and
 * zod's own refusals are worded in each language.
 */

const TABLES: Record<string, MessageTable> = { nb, sv, da };
/** The contracts' sources, for the messages written in code (core has no file system: vite reads them). */
const SOURCES = import.meta.glob<string>(['../*.ts', '!../*.test.ts'], { eager: true, query: '?raw', import: 'default' });

/** The contracts' messages: from the schemas, and from the sources for those written in code (addIssue). */
function listContractMessages(): Set<string> {
  const messages = collectModuleMessages(contracts as Record<string, unknown>);
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/addIssue\(\{[^}]*message: '([^']+)'/g)) messages.add(match[1]!);
    for (const match of source.matchAll(/\bissue\('[^']+', '([^']+)'\)/g)) messages.add(match[1]!);
  }
  // Written with a constant in them.
  messages.add(`A contest lasts at most ${contracts.CONTEST_DAYS_MAX} days`);
  messages.add(`the range may cover at most ${contracts.MAX_SCOREBOARD_RANGE_DAYS} days`);
  for (const platform of contracts.CHAT_PLATFORMS) messages.add(contracts.chatUrlMessage(platform));
  // A logged activity's outcome and values against its type (decision 100), checked in code.
  for (const message of Object.values(contracts.ACTIVITY_VALUE_MESSAGES)) messages.add(message);
  // A KPI's definition against the company's types and KPIs (decision 101), checked in core.
  for (const message of Object.values(contracts.KPI_DEFINITION_MESSAGES)) messages.add(message);
  messages.add(`A KPI can read at most ${contracts.KPI_TYPES_MAX} types`);
  messages.add(`At most ${contracts.KPI_DECIMALS_MAX} decimals`);
  messages.add(`A name can be at most ${contracts.BOARD_NAME_MAX} characters, on one line`);
  messages.add(`A board can have at most ${contracts.BOARD_WIDGETS_MAX} widgets`);
  for (const message of Object.values(contracts.BOARD_WIDGET_MESSAGES)) messages.add(message);
  for (const message of Object.values(contracts.TV_SCREEN_MESSAGES)) messages.add(message);
  for (const message of Object.values(contracts.CONTEST_KPI_MESSAGES)) messages.add(message);
  for (const message of Object.values(contracts.KPI_MEASURE_MESSAGES)) messages.add(message);
  return messages;
}

describe('the contracts’ messages', () => {
  const messages = listContractMessages();

  it('are found in the schemas (a walk that finds none would prove nothing)', () => {
    expect(messages.size).toBeGreaterThan(200);
    expect(messages).toContain('Enter a valid e-mail address');
    expect(messages).toContain('Choose at least one team');
    expect(messages).toContain('must be on or after from');
  });

  it.each(Object.keys(TABLES))('each has a text in %s, and the table keeps no message the contracts no longer give', (language) => {
    const table = TABLES[language]!;
    expect([...messages].filter((message) => !table[message]?.trim())).toEqual([]);
    expect(Object.keys(table).filter((message) => !messages.has(message))).toEqual([]);
  });

  it('a new message without a translation is found (the walk reads refinements and checks)', () => {
    const schema = z.object({
      name: z
        .string()
        .min(1, 'Name the thing')
        .refine((v) => v !== 'x', 'Not x'),
    });
    expect([...collectModuleMessages({ schema })].sort()).toEqual(['Name the thing', 'Not x']);
  });
});

describe('zod’s own refusals, worded per language', () => {
  const issuesOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { error: (issue) => describeIssue(issue as Parameters<typeof describeIssue>[0], 'en') });
    return result.success ? [] : result.error.issues;
  };

  it('says what is wrong in plain words, in each language', () => {
    const [tooLong] = issuesOf(z.string().max(100), 'x'.repeat(101));
    expect(tooLong!.message).toBe('At most 100 characters');
    expect(localizeIssueMessage(tooLong!, 'nb', nb)).toBe('Maks 100 tegn');
    expect(localizeIssueMessage(tooLong!, 'sv', sv)).toBe('Högst 100 tecken');
    expect(localizeIssueMessage(tooLong!, 'da', da)).toBe('Højst 100 tegn');
    const [missing] = issuesOf(z.object({ name: z.string() }), {});
    expect(missing!.message).toBe('Required');
    expect(localizeIssueMessage(missing!, 'nb', nb)).toBe('Må fylles ut');
    const [notNumber] = issuesOf(z.number(), 'ten');
    expect(localizeIssueMessage(notNumber!, 'da', da)).toBe('Skal være et tal');
    const [choice] = issuesOf(z.enum(['a', 'b']), 'c');
    expect(localizeIssueMessage(choice!, 'sv', sv)).toBe('Måste vara något av: a, b');
  });

  it("a contract's own message comes from the table, not zod's wording", () => {
    const [issue] = issuesOf(z.string().min(1, 'Enter your name'), '');
    expect(issue!.message).toBe('Enter your name');
    expect(localizeIssueMessage(issue!, 'nb', nb)).toBe(nb['Enter your name']);
    expect(localizeIssueMessage(issue!, 'en', null)).toBe('Enter your name');
  });
});
