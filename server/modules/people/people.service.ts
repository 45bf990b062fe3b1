import type { PersonOverview, PersonOverviewQuery } from '@core/contracts';
import { normalizeRole } from '@core/contracts';
import { computeFunnel, computeWeekBuckets, sumPersonDays, TREND_WEEKS } from '@core/people';
import { addDays, computeLocalDate, computePeriod, startOfWeek } from '@core/period';
import { canManageMember } from '@core/teams';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { toUserId } from '../../db/tenant';
import { forbidden, notFound } from '../../lib/http';
import { findLatestActivities } from '../activities/activities.service';
import { toRecentActivity } from '../scoreboard/scoreboard.service';
import { getPersonTargets } from '../targets/targets.service';
import { listRecentWrapupsOf } from '../wrapups/wrapups.service';
import { findPersonAndManager, findPersonDays } from './people.repository';

/*
 * A page per rep (decision 046): the person, their team lead and admins read a person's numbers
 * against targets, their last 12 weeks, the funnel, recent activities and wrap-ups.
 */

/** How many of the person's newest activities and wrap-ups the page lists. */
export const PERSON_RECENT_ACTIVITIES = 20;
export const PERSON_RECENT_WRAPUPS = 10;

const personNotFound = () => notFound('No such member in your company.');

/**
 * Whether the actor may open this person's page: themselves, an admin, or a lead of the person's
 * team (canManageMember, core/teams). A colleague who is neither gets a 403 rather than a 404: the
 * boards already show every colleague's name and numbers, so hiding that the person exists would
 * protect nothing, and the screen can say plainly who may look. Someone who is not an active
 * member of the actor's company is a 404.
 */
async function requirePersonPageAccess(deps: AppDeps, actor: Actor, userId: string) {
  const { manager, person } = await findPersonAndManager(deps.database.db, memberScopeOf(actor), actor, userId);
  if (!person) throw personNotFound();
  if (!canManageMember(manager, { userId, teamId: person.team?.id ?? null })) {
    throw forbidden("Only the person, their team's lead and admins can open this page.");
  }
  return person;
}

export async function getPersonOverview(deps: AppDeps, actor: Actor, userId: string, query: PersonOverviewQuery): Promise<PersonOverview> {
  const person = await requirePersonPageAccess(deps, actor, userId);
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const day = computePeriod('today', now, actor.timezone);
  const week = computePeriod('week', now, actor.timezone);
  const month = computePeriod('month', now, actor.timezone);
  const trendFrom = addDays(startOfWeek(today), -7 * (TREND_WEEKS - 1));
  // One read covers every period shown: the 12 weeks, and the month (which may reach past this week).
  const from = month.from < trendFrom ? month.from : trendFrom;
  const to = month.to > week.to ? month.to : week.to;

  const scope = memberScopeOf(actor);
  const id = toUserId(userId);
  const days = await findPersonDays(deps.database.db, scope, id, from, to);
  const targets = await getPersonTargets(deps, actor, userId);
  const activities = await findLatestActivities(deps.database.db, scope, { limit: PERSON_RECENT_ACTIVITIES, userId: id });
  const wrapups = await listRecentWrapupsOf(deps, actor, id, PERSON_RECENT_WRAPUPS);

  const weeks = computeWeekBuckets(days, today, TREND_WEEKS);
  const funnelRange =
    query.funnel === 'week'
      ? { from: week.from, to: week.to }
      : query.funnel === 'weeks12'
        ? { from: weeks[0]!.from, to: weeks.at(-1)!.to }
        : { from: month.from, to: month.to };
  const periodOf = (p: { from: string; to: string }) => ({ from: p.from, to: p.to, totals: sumPersonDays(days, p.from, p.to) });

  return {
    person: {
      userId: person.userId,
      displayName: person.displayName,
      avatarUrl: person.avatarUrl,
      role: normalizeRole(person.role),
      team: person.team,
      isSelf: person.userId === actor.userId,
      joinedAt: person.joinedAt.toISOString(),
    },
    today,
    timezone: actor.timezone,
    periods: { day: periodOf(day), week: periodOf(week), month: periodOf(month) },
    targets: targets.targets,
    weeks,
    funnel: { period: query.funnel, ...funnelRange, ...computeFunnel(sumPersonDays(days, funnelRange.from, funnelRange.to)) },
    activities: activities.map(toRecentActivity),
    wrapups,
  };
}
