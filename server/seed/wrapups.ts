import type { Database } from '../db/client';
import { toCompanyId, toUserId } from '../db/tenant';
import { saveWrapupOfDay } from '../modules/wrapups/wrapups.service';

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
 * A wrap-up of an earlier day, written as its author through the product's own save (the RLS
 * policy demands user_id = app.user_id) at a chosen instant: for tests and dev data that need
 * history the clock cannot produce.
 */
export async function seedWrapup(db: Database, input: SeedWrapupInput): Promise<{ id: string }> {
  const at = input.at ?? new Date(`${input.date}T16:30:00Z`);
  const values = {
    calls: input.calls,
    meetings: input.meetings,
    sales: input.sales,
    points: input.points,
    good: input.good ?? null,
    improve: input.improve ?? null,
  };
  const { wrapup } = await saveWrapupOfDay(
    db,
    { companyId: toCompanyId(input.companyId), userId: toUserId(input.userId) },
    input.date,
    values,
    at,
  );
  return { id: wrapup.id };
}
