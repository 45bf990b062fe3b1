import { type CelebrationEvent, TV_CELEBRATION_RULES as RULES } from '@core/celebrations';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CelebrationSwitches,
  findCelebrationKind,
  readContestWin,
  useCelebrationQueue,
  usePrefersReducedMotion,
} from './celebrations';

const sale = (id: string): CelebrationEvent => ({ id, kind: 'sale', userId: id, displayName: `Rep ${id}`, formerMember: false });
const goal = (id: string): CelebrationEvent => ({ ...sale(id), kind: 'goal' });

const ALL_ON: CelebrationSwitches = {
  sales: true,
  showSaleAmount: true,
  showSaleCustomer: true,
  meetings: true,
  goals: true,
  records: true,
  contests: true,
  badges: true,
  sound: false,
  style: 'confetti',
};

describe('useCelebrationQueue (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows a burst as one card, gives the board its time, then shows the next kind', () => {
    const shown: string[][] = [];
    const { result } = renderHook(() => useCelebrationQueue(RULES, (card) => shown.push(card.events.map((e) => e.id))));
    act(() => result.current.enqueue([sale('a'), sale('b'), goal('g'), sale('c')]));
    expect(result.current.current?.events.map((e) => e.id)).toEqual(['a', 'b', 'c']);

    act(() => void vi.advanceTimersByTime(RULES.showMs));
    expect(result.current.current).toBeNull();
    // The board shows for its minimum time before the goal's card.
    act(() => void vi.advanceTimersByTime(RULES.minBoardMs - 1));
    expect(result.current.current).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.current?.kind).toBe('goal');
    expect(shown).toEqual([['a', 'b', 'c'], ['g']]);
  });

  it('celebrates the same item once, however often it is seen', () => {
    const { result } = renderHook(() => useCelebrationQueue(RULES));
    act(() => result.current.enqueue([sale('a')]));
    act(() => void vi.advanceTimersByTime(RULES.showMs + RULES.minBoardMs));
    act(() => result.current.enqueue([sale('a')]));
    expect(result.current.current).toBeNull();
  });
});

describe('findCelebrationKind', () => {
  const activity = (type: string, meetingBooked: boolean, celebrate?: boolean) =>
    ({ table: 'activities', op: 'INSERT', id: 'x', userId: 'u', activity: { type, meetingBooked, celebrate } }) as const;

  it('celebrates what the database marked and the company switched on, never an edit', () => {
    expect(findCelebrationKind(activity('sale', false, true), ALL_ON)).toBe('sale');
    // Below the minimum: the database did not mark it.
    expect(findCelebrationKind(activity('sale', false), ALL_ON)).toBeNull();
    expect(findCelebrationKind(activity('call_answered', true, true), ALL_ON)).toBe('meeting');
    expect(findCelebrationKind(activity('call_answered', true, true), { ...ALL_ON, meetings: false })).toBeNull();
    expect(findCelebrationKind({ ...activity('sale', false, true), op: 'UPDATE' }, ALL_ON)).toBeNull();
    // An own type's choice is its own switch (decision 105): the sales and meetings switches do not turn it off.
    expect(findCelebrationKind(activity('custom', false, true), { ...ALL_ON, sales: false, meetings: false })).toBe('activity');
    expect(findCelebrationKind(activity('custom', false), ALL_ON)).toBeNull();
    const feed = (kind: string) => ({ table: 'feed_events', op: 'INSERT', id: 'e', userId: 'u', feed: { kind } }) as const;
    expect(findCelebrationKind(feed('goal.reached'), ALL_ON)).toBe('goal');
    expect(findCelebrationKind(feed('badge.earned'), { ...ALL_ON, badges: false })).toBeNull();
    expect(findCelebrationKind(feed('contest.finished'), ALL_ON)).toBe('contest');
    // A contest's start and a new leader are announced too, by the same switch as its finish.
    expect(findCelebrationKind(feed('contest.started'), ALL_ON)).toBe('contestStarted');
    expect(findCelebrationKind(feed('contest.lead_changed'), ALL_ON)).toBe('contestLead');
    expect(findCelebrationKind(feed('contest.lead_changed'), { ...ALL_ON, contests: false })).toBeNull();
    expect(findCelebrationKind(feed('a.kind.from.the.future'), ALL_ON)).toBeNull();
  });
});

describe('usePrefersReducedMotion', () => {
  it("follows the viewer's system setting", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query.includes('reduce'),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    try {
      expect(renderHook(() => usePrefersReducedMotion()).result.current).toBe(true);
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('readContestWin (decision 087)', () => {
  it("reads a won contest's score, what it counts and the prize; an event from before has no score", () => {
    const data = { name: 'Friday blitz', winners: [{ subjectId: 'u1', score: 8 }], unit: 'calls', prizes: ' Cake ' };
    expect(readContestWin(data)).toEqual({ contestScore: { score: 8, unit: 'calls' }, prize: 'Cake' });
    expect(readContestWin({ name: 'Old', winners: [{ subjectId: 'u1', score: 8 }] })).toEqual({ contestScore: null, prize: null });
    expect(readContestWin({ winners: [], unit: 'nonsense', prizes: '' })).toEqual({ contestScore: null, prize: null });
  });
});
