import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { activities } from '../../db/schema';
import type { CompanyId } from '../../db/tenant';

/* The activities' part of a customer merge (decisions 041 and 097): the customers module runs the merge. */

/**
 * Transaction step (customer merges, decision 041): every activity of the company naming customer
 * `fromId`, whoever logged it, names `into` instead, stamped `at` (the sync feed hears of each).
 * Row-level security lets only the company's admins change other members' activities (migration
 * 0022). A customer is not counted: the rollups do not change. Returns how many moved.
 */
export async function moveActivitiesToCustomerIn(
  tx: Transaction,
  companyId: CompanyId,
  input: { fromId: string; into: { id: string; name: string }; at: Date },
): Promise<number> {
  const moved = await tx
    .update(activities)
    .set({ customerId: input.into.id, customerName: input.into.name, updatedAt: input.at })
    .where(and(eq(activities.companyId, companyId), eq(activities.customerId, input.fromId)))
    .returning({ id: activities.id });
  return moved.length;
}
