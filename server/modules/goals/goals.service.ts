import type { Goals, UpdateGoals } from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { findOwnGoals, type GoalsRow, upsertOwnGoals } from './goals.repository';

/** Transaction step (my stats): the member's goals, read beside their day's rollup row. */
export { type GoalsRow, selectOwnGoals } from './goals.repository';

/** Transaction step (exports): the saved goals of the company's people. */
export { selectCompanyGoals } from './goals.repository';

function toGoals(row: GoalsRow | null): Goals {
  return {
    dailyCalls: row?.dailyCalls ?? 0,
    dailyMeetings: row?.dailyMeetings ?? 0,
    dailySales: row?.dailySales ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The caller's daily goals; all zeros before the first save. */
export async function getMyGoals(deps: AppDeps, actor: Actor): Promise<Goals> {
  return toGoals(await findOwnGoals(deps.database.db, memberScopeOf(actor)));
}

export async function saveMyGoals(deps: AppDeps, actor: Actor, input: UpdateGoals): Promise<Goals> {
  const row = await upsertOwnGoals(deps.database.db, memberScopeOf(actor), {
    dailyCalls: input.dailyCalls,
    dailyMeetings: input.dailyMeetings,
    dailySales: input.dailySales,
    updatedAt: deps.now(),
  });
  return toGoals(row);
}
