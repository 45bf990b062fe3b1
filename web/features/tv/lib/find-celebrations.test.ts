import type { LiveTable } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { type CelebrationKind, findCelebrationKind, findCelebrations } from './find-celebrations';

const board = [
  { userId: 'a', displayName: 'Anna' },
  { userId: 'b', displayName: null },
];
const landed = (entries: [string, CelebrationKind[]][]) => new Map(entries.map(([id, kinds]) => [id, new Set(kinds)]));
const change = (
  op: 'INSERT' | 'UPDATE' | 'DELETE',
  activity?: { type: string; meetingBooked: boolean },
  table: LiveTable = 'activities',
) => ({
  table,
  op,
  userId: 'a',
  activity,
});

describe('findCelebrationKind', () => {
  it.each<[string, ReturnType<typeof change>, CelebrationKind | null]>([
    ['a logged sale', change('INSERT', { type: 'sale', meetingBooked: false }), 'sale'],
    ['a logged call that booked a meeting', change('INSERT', { type: 'call_answered', meetingBooked: true }), 'meeting'],
    ['a call that moved a deal forward', change('INSERT', { type: 'call_answered', meetingBooked: false }), null],
    ['a held meeting (not a booking)', change('INSERT', { type: 'meeting', meetingBooked: false }), null],
    ['an earlier call edited into a booked meeting', change('UPDATE', { type: 'call_answered', meetingBooked: true }), null],
    ['a deleted sale', change('DELETE', { type: 'sale', meetingBooked: false }), null],
    ['a wrap-up', change('INSERT', undefined, 'wrapups'), null],
  ])('%s', (_name, input, expected) => {
    expect(findCelebrationKind(input)).toBe(expected);
  });
});

describe('findCelebrations', () => {
  it('celebrates each person and kind once, a sale before a meeting, named as on the board', () => {
    expect(
      findCelebrations(
        landed([
          ['a', ['meeting', 'sale']],
          ['b', ['meeting']],
        ]),
        board,
      ),
    ).toEqual([
      { kind: 'sale', userId: 'a', displayName: 'Anna' },
      { kind: 'meeting', userId: 'a', displayName: 'Anna' },
      { kind: 'meeting', userId: 'b', displayName: null },
    ]);
  });

  it('does not celebrate someone the board does not show', () => {
    expect(findCelebrations(landed([['z', ['sale']]]), board)).toEqual([]);
  });
});
