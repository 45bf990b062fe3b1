import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { activities } from '../../db/schema';
import { publishDomainEvents } from '../../events/domain-events';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { type CustomerRow, deleteCustomerIn, findCustomerIn, lockCustomerPairIn } from '../customers/customers.service';

/* Customer merges (decision 041): they rewrite activities, so they live with their owner. */

/**
 * Merges customer `fromId` into `intoId` in one transaction (decision 041): every activity naming
 * it, whoever logged it, names the kept customer; the merged customer is removed; the audit log
 * hears of it (decision 094). Null unless both are the company's. Lives here, not with the customers, because it
 * writes activities (their owner) and customers are the lower module.
 */
export async function mergeCustomers(
  db: Database,
  scope: MemberScope,
  input: { fromId: string; intoId: string; at: Date },
): Promise<{ kept: CustomerRow; moved: number } | null> {
  return withTenant(db, scope, async (tx) => {
    const pair = await lockCustomerPairIn(tx, scope.companyId, input.fromId, input.intoId);
    if (!pair) return null;
    const { from, into } = pair;
    const moved = await moveActivitiesToCustomerIn(tx, scope.companyId, { fromId: from.id, into, at: input.at });
    await deleteCustomerIn(tx, scope.companyId, from.id);
    const merge = { kept: { id: into.id, name: into.name }, merged: { id: from.id, name: from.name }, activities: moved };
    await publishDomainEvents(tx, scope.companyId, [{ type: 'customers.merged', ...merge, actorId: scope.userId }], input.at);
    const kept = await findCustomerIn(tx, scope.companyId, into.id);
    return { kept: kept!, moved };
  });
}

/**
 * Transaction step (customer merges, decision 041): every activity of the company naming customer
 * `fromId`, whoever logged it, names `into` instead, stamped `at` (the sync feed hears of each).
 * Row-level security lets only the company's admins change other members' activities (migration
 * 0022). A customer is not counted: the rollups do not change. Returns how many moved.
 */
async function moveActivitiesToCustomerIn(
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
