import { describe, expect, it } from 'vitest';
import { computeMonthlyPrice, computePlan } from './index';

describe('computeMonthlyPrice (Free 1-5, Pro $99 up to 10 then $10 each, Enterprise 20+ on request)', () => {
  it.each([
    [0, 'free', 0, 0],
    [1, 'free', 0, 0],
    [5, 'free', 0, 0],
    [6, 'pro', 99_00, 0],
    [10, 'pro', 99_00, 0],
    [11, 'pro', 109_00, 1],
    [15, 'pro', 149_00, 5],
    [19, 'pro', 189_00, 9],
    [20, 'enterprise', null, 0],
    [250, 'enterprise', null, 0],
  ] as const)('%i members: %s at %s cents', (members, plan, cents, additional) => {
    const price = computeMonthlyPrice(members);
    expect(price).toMatchObject({ plan, memberCount: members, monthlyPriceCents: cents, additionalUsers: additional });
    expect(computePlan(members)).toBe(plan);
  });

  it('never charges less for more members below Enterprise', () => {
    let previous = 0;
    for (let n = 0; n < 20; n++) {
      const cents = computeMonthlyPrice(n).monthlyPriceCents!;
      expect(cents).toBeGreaterThanOrEqual(previous);
      previous = cents;
    }
  });

  it.each([-1, 2.5, Number.NaN])('refuses %s members', (n) => {
    expect(() => computeMonthlyPrice(n)).toThrow(RangeError);
  });
});
