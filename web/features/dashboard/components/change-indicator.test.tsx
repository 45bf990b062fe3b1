import { describe, expect, it } from 'vitest';
import { computeChangeTone } from './change-indicator';

describe('computeChangeTone', () => {
  it.each([
    ['+50%', 'up'],
    ['+100%', 'up'],
    ['-20%', 'down'],
    ['0%', 'flat'],
    ['+0%', 'flat'],
  ])('%s is %s', (change, tone) => {
    expect(computeChangeTone(change)).toBe(tone);
  });
});
