/**
 * Plans and their monthly price. Pure: no clock, no I/O.
 *
 * - Free: 1 to 5 users, $0.
 * - Pro: $99 per month per company covering up to 10 users, then $10 per month per additional user.
 *   Applies from 6 users (a team that outgrows Free) to 19 users: 6-10 pay $99, 11 pay $109, 19 pay $189.
 * - Enterprise: teams of 20 or more; the price is on request (a quote), so there is no number.
 *
 * Zero members (a company whose members were all removed) counts as Free.
 */
export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const BILLING_CURRENCY = 'USD';
export const FREE_MAX_USERS = 5;
export const PRO_BASE_PRICE_CENTS = 99_00;
export const PRO_INCLUDED_USERS = 10;
export const PRO_EXTRA_USER_PRICE_CENTS = 10_00;
export const ENTERPRISE_MIN_USERS = 20;

export type MonthlyPrice = {
  plan: Plan;
  memberCount: number;
  /** Price per month in US cents; null when the price is on request (Enterprise). */
  monthlyPriceCents: number | null;
  /** Users the base price covers (Pro: 10); null where it does not apply. */
  includedUsers: number | null;
  /** Users charged on top of the included ones (Pro only). */
  additionalUsers: number;
};

export function computePlan(memberCount: number): Plan {
  if (memberCount >= ENTERPRISE_MIN_USERS) return 'enterprise';
  if (memberCount > FREE_MAX_USERS) return 'pro';
  return 'free';
}

export function computeMonthlyPrice(memberCount: number): MonthlyPrice {
  if (!Number.isInteger(memberCount) || memberCount < 0) {
    throw new RangeError(`A member count is a whole number of at least 0: ${memberCount}`);
  }
  const plan = computePlan(memberCount);
  if (plan === 'free') {
    return { plan, memberCount, monthlyPriceCents: 0, includedUsers: FREE_MAX_USERS, additionalUsers: 0 };
  }
  if (plan === 'enterprise') {
    return { plan, memberCount, monthlyPriceCents: null, includedUsers: null, additionalUsers: 0 };
  }
  const additionalUsers = Math.max(0, memberCount - PRO_INCLUDED_USERS);
  return {
    plan,
    memberCount,
    monthlyPriceCents: PRO_BASE_PRICE_CENTS + additionalUsers * PRO_EXTRA_USER_PRICE_CENTS,
    includedUsers: PRO_INCLUDED_USERS,
    additionalUsers,
  };
}
