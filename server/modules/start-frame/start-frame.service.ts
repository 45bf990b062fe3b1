import { computeLogOptions } from '@core/kpi';
import { toLanguage } from '@core/contracts';
import type { Context } from 'hono';
import { type AppEnv, memberScopeOf } from '../../context';
import { withTenant } from '../../db/tenant';
import type { StartFrameMember } from '../../lib/start-frame';
import { listKpiRules } from '../kpi-rules/kpi-rules.service';
import { findSignedInActor } from '../session/session.middleware';
import { selectManager } from '../teams/teams.service';

/**
 * Who asks for a start screen's page, as its first frame shows them (decision 092): their menu (admin,
 * team lead), the buttons their company's rules have on, their language and first letter. Null
 * for anyone who would not see the app's screens (signed out, not a member of a company).
 */
export async function describeStartFrameMember(c: Context<AppEnv>): Promise<StartFrameMember | null> {
  const actor = await findSignedInActor(c);
  const user = c.get('user');
  if (!actor || !user) return null;
  const deps = c.get('deps');
  const rules = await listKpiRules(deps, actor);
  const manager = await withTenant(deps.database.db, memberScopeOf(actor), (tx) => selectManager(tx, actor));
  const { enabledKinds } = computeLogOptions(rules);
  return {
    userId: actor.userId,
    email: user.email,
    savedLanguage: toLanguage(user.locale),
    isAdmin: actor.role === 'admin',
    isCoach: manager.ledTeamIds.length > 0,
    enabledKinds: { meeting: enabledKinds.meeting, email: enabledKinds.email, linkedin: enabledKinds.linkedin },
  };
}
