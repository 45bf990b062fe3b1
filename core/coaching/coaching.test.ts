import { describe, expect, it } from 'vitest';
import { compareWrapupToLog } from './index';

const logged = { calls: 9, meetings: 2, sales: 1, points: 20 };

describe('compareWrapupToLog', () => {
  it('names each typed number that differs from the log, in the form order', () => {
    expect(compareWrapupToLog({ calls: 12, meetings: 2, sales: 0, points: 20 }, logged)).toEqual([
      { metric: 'calls', typed: 12, logged: 9 },
      { metric: 'sales', typed: 0, logged: 1 },
    ]);
  });

  it('is empty when the report agrees with the log', () => {
    expect(compareWrapupToLog(logged, logged)).toEqual([]);
  });

  it('skips a field that is not a whole number yet', () => {
    expect(compareWrapupToLog({ calls: Number.NaN, meetings: 1.5, points: 21 }, logged)).toEqual([
      { metric: 'points', typed: 21, logged: 20 },
    ]);
  });
});
