import { DEFAULT_COMPANY_NAME, SETUP_STEPS, type SetupState, type SetupStep } from '@core/contracts';
import { DEFAULT_KPI_RULES } from '@core/kpi';
import { DEFAULT_CURRENCY } from '@core/money';
import { DEFAULT_TIME_ZONE } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { notFound } from '../../lib/http';
import { addSetupStepSaved, findCompanySetup, updateSetupDismissed } from '../companies/companies.service';
import { countCompanyInvitations } from '../invitations/invitations.service';
import { listKpiRules } from '../kpi-rules/kpi-rules.service';

/*
 * The first-run setup (decision 042). A step is done when the admin saved it in the setup (even
 * unchanged: "Oslo and NOK are right" is an answer), or when the setting already differs from what
 * a new company starts with (an admin who named the company in Settings, or created it with a name
 * in multi-tenant mode, is not asked again). Skipping a step leaves it to do.
 */

/** Whether the activity kinds, their points or the call bonus's number of calls differ from a new company's. */
function hasChangedActivities(rules: { kpiKey: string; enabled: boolean; basePoints: number; threshold: number | null }[]): boolean {
  return rules.some((rule) => {
    const fallback = DEFAULT_KPI_RULES.find((d) => d.kpiKey === rule.kpiKey);
    return (
      fallback !== undefined &&
      (fallback.enabled !== rule.enabled || fallback.basePoints !== rule.basePoints || (fallback.threshold ?? null) !== rule.threshold)
    );
  });
}

export async function getSetupState(deps: AppDeps, actor: Actor): Promise<SetupState> {
  const company = await findCompanySetup(deps.database.db, memberScopeOf(actor));
  if (!company) throw notFound('No such company.');
  const saved = new Set(company.setupStepsSaved);
  const differs: Record<SetupStep, () => Promise<boolean> | boolean> = {
    company: () => company.name !== DEFAULT_COMPANY_NAME,
    timezone: () => company.timezone !== DEFAULT_TIME_ZONE,
    currency: () => company.currency !== DEFAULT_CURRENCY,
    activities: async () => hasChangedActivities(await listKpiRules(deps, actor)),
    invite: async () => (await countCompanyInvitations(deps, actor)) > 0,
  };
  const steps = [];
  for (const step of SETUP_STEPS) steps.push({ step, done: saved.has(step) || (await differs[step]()) });
  const doneCount = steps.filter((s) => s.done).length;
  const dismissed = company.setupDismissedAt !== null;
  return { steps, doneCount, total: steps.length, dismissed, showChecklist: !dismissed && doneCount < steps.length };
}

/** The admin saved a step in the setup (the setting itself is saved through its own endpoint). */
export async function completeSetupStep(deps: AppDeps, actor: Actor, step: SetupStep): Promise<SetupState> {
  await addSetupStepSaved(deps.database.db, memberScopeOf(actor), step);
  return getSetupState(deps, actor);
}

/** Hides the dashboard's checklist (or shows it again); the setup stays open from Settings. */
export async function dismissSetup(deps: AppDeps, actor: Actor, dismissed: boolean): Promise<SetupState> {
  await updateSetupDismissed(deps.database.db, memberScopeOf(actor), dismissed ? deps.now() : null);
  return getSetupState(deps, actor);
}
