/* Deleting an activity (DELETE /api/v1/activities/{id}, and the undo of a log): the day's bonus settled after. */
import type { StoredActivityType } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { withActivityDay } from './activities.repository';
import { storeOf, activityNotFound, isBonusKind, locateChangeableActivity, settleDailyBonus } from './activity-write-rules';
import { kindOf } from './activity-shape';

/**
 * Deletes an activity (also the success toast's undo), then settles the daily bonus: one's own
 * within the late-logging window, or anyone's for an admin (written to the audit log).
 */
export async function deleteActivity(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const { place } = await locateChangeableActivity(deps, actor, id, today);
  await withActivityDay(
    storeOf(deps),
    memberScopeOf(actor),
    place.localDate,
    async (day) => {
      const current = await day.findOwnActivity(id);
      if (!current || current.localDate !== place.localDate) throw activityNotFound();
      await day.deleteActivity(id);
      if (current.type === 'call_answered' || current.type === 'call_unanswered') {
        await settleDailyBonus(day, current.dailyBonus, now);
      }
      // One of the company's own types, or a kind that may have a daily bonus: the bonus follows the
      // day's count of the type (decisions 100 and 115).
      if (current.type === 'custom' || isBonusKind(current.type)) await day.settleTypeBonus(current.typeId!, now);
      const deleted = {
        id: current.id,
        userId: current.userId,
        kind: kindOf(current.type),
        type: current.type as StoredActivityType,
        localDate: current.localDate,
      };
      await day.publish([{ type: 'activity.deleted', activity: deleted, deletedAt: now.toISOString(), actorId: actor.userId }], now);
    },
    { owner: place.userId },
  );
}
