import { describe, expect, it } from 'vitest';
import {
  advanceCelebrations,
  type CelebrationEvent,
  type CelebrationKind,
  type CelebrationQueueState,
  EMPTY_CELEBRATION_QUEUE,
  enqueueCelebrations,
  resolveCelebrationStyle,
  TV_CELEBRATION_RULES as RULES,
} from './queue';

const event = (id: string, kind: CelebrationKind = 'sale'): CelebrationEvent => ({
  id,
  kind,
  userId: `u-${id}`,
  displayName: `Person ${id}`,
  formerMember: false,
});

/** Runs the queue from `from` to `to` as a timer would, returning each card's start time and ids. */
function run(state: CelebrationQueueState, from: number, to: number) {
  const shown: [number, string[]][] = [];
  let now = from;
  let current = state;
  for (;;) {
    const step = advanceCelebrations(current, now, RULES);
    if (step.state.current && step.state.current !== current.current) {
      shown.push([now, step.state.current.card.events.map((e) => e.id)]);
    }
    current = step.state;
    if (step.nextInMs === null || now + step.nextInMs > to) return { shown, state: current };
    now += step.nextInMs;
  }
}

describe('the celebration queue', () => {
  it('shows one card at once and ends it after its time', () => {
    const queued = enqueueCelebrations(EMPTY_CELEBRATION_QUEUE, [event('a')], 0);
    const first = advanceCelebrations(queued, 0, RULES);
    expect(first.state.current?.card).toEqual({ id: 'a', kind: 'sale', events: [event('a')] });
    expect(first.nextInMs).toBe(RULES.showMs);
    const after = advanceCelebrations(first.state, RULES.showMs, RULES);
    expect(after.state.current).toBeNull();
    expect(after.nextInMs).toBeNull();
  });

  it('collapses a burst of one kind into one card, and gives another kind its own card after the board had its time', () => {
    const queued = enqueueCelebrations(EMPTY_CELEBRATION_QUEUE, [event('a'), event('g', 'goal'), event('b'), event('c')], 0);
    const { shown } = run(queued, 0, 60_000);
    expect(shown).toEqual([
      [0, ['a', 'b', 'c']],
      [RULES.showMs + RULES.minBoardMs, ['g']],
    ]);
  });

  it('keeps the board on screen for the minimum time between two cards', () => {
    let state = advanceCelebrations(enqueueCelebrations(EMPTY_CELEBRATION_QUEUE, [event('a')], 0), 0, RULES).state;
    state = advanceCelebrations(state, RULES.showMs, RULES).state;
    // A sale lands one second after the first card ended: it waits for the board's time.
    state = enqueueCelebrations(state, [event('b')], RULES.showMs + 1_000);
    const early = advanceCelebrations(state, RULES.showMs + 1_000, RULES);
    expect(early.state.current).toBeNull();
    expect(early.nextInMs).toBe(RULES.minBoardMs - 1_000);
    const due = advanceCelebrations(early.state, RULES.showMs + RULES.minBoardMs, RULES);
    expect(due.state.current?.card.id).toBe('b');
  });

  it('never celebrates more than its budget in any minute, however busy the floor', () => {
    let state = EMPTY_CELEBRATION_QUEUE;
    const kinds: CelebrationKind[] = ['sale', 'goal', 'badge', 'record', 'meeting', 'contest'];
    // Six different kinds every ten seconds for two minutes: nothing collapses across kinds.
    const shown: number[] = [];
    for (let now = 0; now <= 120_000; now += 1_000) {
      if (now % 10_000 === 0)
        state = enqueueCelebrations(
          state,
          kinds.map((kind) => event(`${kind}-${now}`, kind)),
          now,
        );
      const before = state.current;
      state = advanceCelebrations(state, now, RULES).state;
      if (state.current && state.current !== before) shown.push(now);
    }
    for (const start of shown) {
      const inWindow = shown.filter((s) => s >= start && s < start + RULES.windowMs);
      expect(inWindow.length * RULES.showMs).toBeLessThanOrEqual(RULES.budgetMs);
    }
    for (let i = 1; i < shown.length; i++) expect(shown[i]! - shown[i - 1]!).toBeGreaterThanOrEqual(RULES.showMs + RULES.minBoardMs);
    expect(shown.length).toBeGreaterThanOrEqual(6);
  });

  it('celebrates an item once, and drops news that waited too long', () => {
    let state = enqueueCelebrations(EMPTY_CELEBRATION_QUEUE, [event('a')], 0);
    state = enqueueCelebrations(state, [event('a')], 10);
    expect(state.waiting).toHaveLength(1);
    const stale = advanceCelebrations(enqueueCelebrations(EMPTY_CELEBRATION_QUEUE, [event('x')], 0), RULES.maxWaitMs + 1, RULES);
    expect(stale.state.current).toBeNull();
    expect(stale.state.waiting).toEqual([]);
  });

  it('gives a viewer who prefers reduced motion the calm banner, whatever the company chose', () => {
    expect(resolveCelebrationStyle('confetti', true)).toBe('banner');
    expect(resolveCelebrationStyle('spotlight', true)).toBe('banner');
    expect(resolveCelebrationStyle('spotlight', false)).toBe('spotlight');
  });
});
