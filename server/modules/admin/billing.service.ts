import type { Billing } from '@core/contracts';
import { BILLING_CURRENCY, computeMonthlyPrice } from '@core/billing';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { countActiveMembers } from '../companies/memberships.service';

/** The plan and monthly price core/billing gives for the company's active members. No payments. */
export async function getBilling(deps: AppDeps, actor: Actor): Promise<Billing> {
  const memberCount = await countActiveMembers(deps.database.db, memberScopeOf(actor));
  const price = computeMonthlyPrice(memberCount);
  return {
    plan: price.plan,
    memberCount,
    currency: BILLING_CURRENCY,
    monthlyPriceCents: price.monthlyPriceCents,
    priceOnRequest: price.monthlyPriceCents === null,
    includedUsers: price.includedUsers,
    additionalUsers: price.additionalUsers,
  };
}
