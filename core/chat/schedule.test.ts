import { describe, expect, it } from 'vitest';
import type { ChatChoices } from '../contracts/chat';
import { chooseChatMessageKind, computeNextDailySummary } from './schedule';

const ALL: ChatChoices = { sales: true, goals: true, dailySummary: { enabled: true, localTime: '16:30' } };
const NONE: ChatChoices = { sales: false, goals: false, dailySummary: { enabled: false, localTime: '16:30' } };

describe('chooseChatMessageKind', () => {
  it('gives the message an event stands for only when the integration chose it', () => {
    expect(chooseChatMessageKind('sale.created', ALL)).toBe('sale');
    expect(chooseChatMessageKind('goal.reached', ALL)).toBe('goal_reached');
    expect(chooseChatMessageKind('daily_summary.due', ALL)).toBe('daily_summary');
    expect(chooseChatMessageKind('sale.created', NONE)).toBeNull();
    expect(chooseChatMessageKind('goal.reached', NONE)).toBeNull();
    expect(chooseChatMessageKind('daily_summary.due', NONE)).toBeNull();
    expect(chooseChatMessageKind('sale.created', { ...NONE, sales: true })).toBe('sale');
    expect(chooseChatMessageKind('goal.reached', { ...NONE, sales: true })).toBeNull();
  });

  it('gives nothing for the other webhook events, whatever was chosen', () => {
    for (const event of ['activity.created', 'activity.updated', 'activity.deleted', 'wrapup.submitted', 'member.joined', '']) {
      expect(chooseChatMessageKind(event, ALL)).toBeNull();
    }
  });
});

describe('computeNextDailySummary', () => {
  const OSLO = 'Europe/Oslo';

  it("is today's local time while it is ahead, and sums up today from noon on", () => {
    // 11:00 in Oslo (UTC+1 in November).
    expect(computeNextDailySummary(new Date('2026-11-24T10:00:00Z'), '16:30', OSLO)).toEqual({
      at: new Date('2026-11-24T15:30:00Z'),
      date: '2026-11-24',
    });
  });

  it("is tomorrow's once today's has passed, or is this very instant", () => {
    expect(computeNextDailySummary(new Date('2026-11-24T15:30:00Z'), '16:30', OSLO)).toEqual({
      at: new Date('2026-11-25T15:30:00Z'),
      date: '2026-11-25',
    });
    expect(computeNextDailySummary(new Date('2026-11-24T22:59:59Z'), '16:30', OSLO).at).toEqual(new Date('2026-11-25T15:30:00Z'));
  });

  it('sums up yesterday when posted in the morning', () => {
    expect(computeNextDailySummary(new Date('2026-11-24T10:00:00Z'), '08:00', OSLO)).toEqual({
      at: new Date('2026-11-25T07:00:00Z'),
      date: '2026-11-24',
    });
    expect(computeNextDailySummary(new Date('2026-11-24T10:00:00Z'), '11:59', OSLO).date).toBe('2026-11-23');
    expect(computeNextDailySummary(new Date('2026-11-24T10:00:00Z'), '12:00', OSLO).date).toBe('2026-11-24');
  });

  it('keeps the wall-clock time across daylight saving changes (23- and 25-hour days)', () => {
    // Spring: Oslo goes from UTC+1 to UTC+2 on 2026-03-29; 16:30 is 15:30Z before, 14:30Z after.
    const spring = computeNextDailySummary(new Date('2026-03-28T16:00:00Z'), '16:30', OSLO);
    expect(spring).toEqual({ at: new Date('2026-03-29T14:30:00Z'), date: '2026-03-29' });
    // Autumn: back to UTC+1 on 2026-10-25.
    const autumn = computeNextDailySummary(new Date('2026-10-24T15:00:00Z'), '16:30', OSLO);
    expect(autumn).toEqual({ at: new Date('2026-10-25T15:30:00Z'), date: '2026-10-25' });
  });

  it('posts a time the spring change skips just past the gap, and a doubled autumn time once', () => {
    // 02:30 does not exist in Oslo on 2026-03-29 (02:00 -> 03:00): it is read as 03:30 CEST.
    expect(computeNextDailySummary(new Date('2026-03-28T23:00:00Z'), '02:30', OSLO).at).toEqual(new Date('2026-03-29T01:30:00Z'));
    // 02:30 happens twice on 2026-10-25: the summary is due once, and the next one a day later.
    const first = computeNextDailySummary(new Date('2026-10-24T22:00:00Z'), '02:30', OSLO);
    const second = computeNextDailySummary(first.at, '02:30', OSLO);
    expect(first.date).toBe('2026-10-24');
    expect(second.date).toBe('2026-10-25');
    expect(second.at.getTime() - first.at.getTime()).toBeGreaterThan(20 * 3_600_000);
  });

  it("uses the company's zone, not the server's", () => {
    // 2026-11-24 20:00 in New York is already the 25th in UTC.
    expect(computeNextDailySummary(new Date('2026-11-25T00:30:00Z'), '21:00', 'America/New_York')).toEqual({
      at: new Date('2026-11-25T02:00:00Z'),
      date: '2026-11-24',
    });
    expect(computeNextDailySummary(new Date('2026-11-24T10:00:00Z'), '17:00', 'Asia/Kolkata')).toEqual({
      at: new Date('2026-11-24T11:30:00Z'),
      date: '2026-11-24',
    });
  });
});
