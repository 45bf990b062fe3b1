import type { Database } from '../client';
import { wrapups } from '../schema';
import { withTenant } from '../tenant';

export type SeedWrapupInput = {
  companyId: string;
  userId: string;
  /** The company-local day the wrap-up reports on (YYYY-MM-DD). */
  date: string;
  calls: number;
  meetings: number;
  sales: number;
  points: number;
  good?: string | null;
  improve?: string | null;
  /** When it was written; defaults to 16:30 UTC of its day. */
  at?: Date;
};

/**
 * A wrap-up of an earlier day, written as its author (the RLS policy demands user_id =
 * app.user_id) — for tests and dev data that need history the clock cannot produce.
 */
export async function seedWrapup(db: Database, input: SeedWrapupInput): Promise<{ id: string }> {
  const at = input.at ?? new Date(`${input.date}T16:30:00Z`);
  return withTenant(db, { companyId: input.companyId, userId: input.userId }, async (tx) => {
    const [row] = await tx
      .insert(wrapups)
      .values({
        companyId: input.companyId,
        userId: input.userId,
        date: input.date,
        calls: input.calls,
        meetings: input.meetings,
        sales: input.sales,
        points: input.points,
        good: input.good ?? null,
        improve: input.improve ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: wrapups.id });
    return row!;
  });
}
