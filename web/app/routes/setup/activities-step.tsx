import {
  ACTIVITY_TYPE_TEMPLATES,
  type ActivityTypeTemplate,
  KPI_BASE_POINTS_MAX,
  KPI_BASE_POINTS_MIN,
  type KpiRuleView,
} from '@core/contracts';
import { ACTIVITY_TYPE_TEMPLATE_TYPES, pickName } from '@core/activity-types';
import type { KpiKey } from '@core/kpi';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxCard } from '@web/components/checkbox-card';
import { LoadError } from '@web/components/load-error';
import { CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useAddActivityTypeTemplate } from '@web/features/activity-types/api/add-activity-type-template';
import { useUpdateKpiRule } from '@web/lib/queries/update-kpi-rule';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useKpiRules } from '@web/lib/queries/get-kpi-rules';
import { StepButtons, type StepProps, useFinishStep } from './step-parts';

/* The setup's step for what the team logs and how many points each is worth (decision 042). */

/** The kinds of activity a team logs, and the rules (with their points) each kind turns on. */
export const ACTIVITY_KINDS: { kind: string; rules: KpiKey[] }[] = [
  { kind: 'calls', rules: ['call_answered', 'call_unanswered', 'moved_forward'] },
  { kind: 'meetings', rules: ['meeting_booked', 'meeting_completed'] },
  { kind: 'sales', rules: ['sale'] },
  { kind: 'email', rules: ['email'] },
  { kind: 'linkedin', rules: ['linkedin'] },
];

type Draft = Record<string, { enabled: boolean; basePoints: string }>;

export function ActivitiesStep(props: StepProps) {
  const { t } = useTranslation('settings');
  const rules = useKpiRules();
  if (rules.isError) {
    return (
      <CardContent>
        <LoadError title={t('toasts.kpiLoadError')} error={rules.error} onRetry={() => void rules.refetch()} />
      </CardContent>
    );
  }
  if (!rules.data) {
    return (
      <CardContent className="space-y-3" aria-busy="true">
        {ACTIVITY_KINDS.map((k) => (
          <Skeleton key={k.kind} className="h-16 w-full" />
        ))}
      </CardContent>
    );
  }
  return <ActivitiesForm {...props} rules={rules.data.rules} />;
}

export function ActivitiesForm({ step, onDone, onSkip, rules }: StepProps & { rules: KpiRuleView[] }) {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const update = useUpdateKpiRule();
  const addTemplate = useAddActivityTypeTemplate();
  const ownTypes = useActivityTypes();
  const [templates, setTemplates] = useState<ActivityTypeTemplate[]>([]);
  /** A template all of whose types the company has (added before, or by hand): shown ticked, nothing to add. */
  const namesTaken = new Set((ownTypes.data?.types ?? []).flatMap((type) => Object.values(type.names).map((name) => name.toLowerCase())));
  const isAdded = (template: ActivityTypeTemplate) =>
    ACTIVITY_TYPE_TEMPLATE_TYPES[template].every((type) =>
      Object.values(type.names).some((name) => name !== undefined && namesTaken.has(name.toLowerCase())),
    );
  const finish = useFinishStep(step, onDone);
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(rules.map((r) => [r.kpiKey, { enabled: r.enabled, basePoints: String(r.basePoints) }])),
  );
  const [isSaving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const focusNext = useRef<KpiKey | null>(null);
  const byKey = new Map<string, KpiRuleView>(rules.map((r) => [r.kpiKey, r]));

  const invalid = (value: string) => !/^\d+$/.test(value) || Number(value) < KPI_BASE_POINTS_MIN || Number(value) > KPI_BASE_POINTS_MAX;
  // Only a rule that is on must have its points: one turned on and off again keeps what it had.
  const firstInvalid = rules.find((r) => draft[r.kpiKey]?.enabled && invalid(draft[r.kpiKey]!.basePoints))?.kpiKey ?? null;

  const focusPoints = (key: KpiKey) => document.getElementById(`${id}-points-${key}`)?.focus();
  // The points field a kind just turned on asks for (below): it is there once the switch has drawn it.
  useEffect(() => {
    const key = focusNext.current;
    focusNext.current = null;
    if (key) focusPoints(key);
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (firstInvalid) {
      setShowErrors(true);
      focusPoints(firstInvalid as KpiKey);
      return;
    }
    setSaving(true);
    try {
      for (const rule of rules) {
        const wanted = draft[rule.kpiKey];
        if (!wanted) continue;
        const basePoints = wanted.enabled ? Number(wanted.basePoints) : rule.basePoints;
        if (wanted.enabled === rule.enabled && basePoints === rule.basePoints) continue;
        await update.mutateAsync({ id: rule.id, enabled: wanted.enabled, basePoints });
      }
      // The chosen templates' types (decision 100); types the company has by name are left out.
      for (const template of templates) if (!isAdded(template)) await addTemplate.mutateAsync(template);
      await finish();
    } catch (caught) {
      toast.error(t('setup.saveError'), { description: caught instanceof Error ? caught.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  /**
   * A kind turned on here whose rules are worth 0 points (e-mail and LinkedIn start so) asks for
   * its points: the field is emptied and focused, and the step will not save it empty. A kind
   * that was on keeps its points, and turning one off gives its rules back the points they had.
   */
  const setKind = (keys: KpiKey[], enabled: boolean) => {
    const asked = enabled ? keys.filter((k) => !byKey.get(k)?.enabled && draft[k]?.basePoints === '0') : [];
    setDraft((current) => ({
      ...current,
      ...Object.fromEntries(
        keys.map((k) => [
          k,
          { enabled, basePoints: asked.includes(k) ? '' : enabled ? current[k]!.basePoints : String(byKey.get(k)?.basePoints ?? 0) },
        ]),
      ),
    }));
    focusNext.current = asked[0] ?? null;
  };
  const setPoints = (key: KpiKey, basePoints: string) =>
    setDraft((current) => current && { ...current, [key]: { ...current[key]!, basePoints } });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <CardContent>
        <ul className="divide-y rounded-lg border">
          {ACTIVITY_KINDS.map(({ kind, rules: keys }) => {
            const present = keys.filter((k) => byKey.has(k) && draft[k]);
            if (present.length === 0) return null;
            const on = present.some((k) => draft[k]!.enabled);
            const switchId = `${id}-kind-${kind}`;
            return (
              <li key={kind} className="p-4" data-kind={kind}>
                <div className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <Label htmlFor={switchId} className="text-base font-medium">
                      {t(`setup.kinds.${kind}.label`)}
                    </Label>
                    <p className="text-sm text-muted-foreground">{t(`setup.kinds.${kind}.text`)}</p>
                  </div>
                  <Switch id={switchId} checked={on} onCheckedChange={(checked) => setKind(present, checked)} />
                </div>
                {on && (
                  <div className="mt-3 grid gap-3 sm:grid-cols-3">
                    {present.map((key) => {
                      const value = draft[key]!.basePoints;
                      const ruleName = t(`kpi.rules.${key}.label`);
                      const error = showErrors && invalid(value) ? `${id}-points-${key}-error` : undefined;
                      return (
                        <div key={key} className="space-y-1">
                          <Label htmlFor={`${id}-points-${key}`} className="text-xs text-muted-foreground">
                            {t('setup.pointsFor', { rule: ruleName })}
                          </Label>
                          <Input
                            id={`${id}-points-${key}`}
                            type="number"
                            inputMode="numeric"
                            min={KPI_BASE_POINTS_MIN}
                            max={KPI_BASE_POINTS_MAX}
                            step={1}
                            value={value}
                            onChange={(e) => setPoints(key, e.target.value)}
                            placeholder={t('setup.pointsPlaceholder')}
                            aria-invalid={invalid(value)}
                            aria-describedby={error}
                            className="w-28"
                          />
                          {error && (
                            <p id={error} className="text-xs text-destructive">
                              {value === ''
                                ? t('setup.pointsNeeded', { rule: ruleName })
                                : t('kpi.pointsError', { min: KPI_BASE_POINTS_MIN, max: KPI_BASE_POINTS_MAX })}
                            </p>
                          )}
                        </div>
                      );
                    })}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">{t('setup.activitiesHint')}</p>
        <fieldset className="mt-6 space-y-2">
          <legend className="text-base font-medium">{t('setup.templatesTitle')}</legend>
          <p className="text-sm text-muted-foreground">{t('setup.templatesText')}</p>
          <div className="grid gap-2 sm:grid-cols-3">
            {ACTIVITY_TYPE_TEMPLATES.map((template) => {
              const added = isAdded(template);
              const types = ACTIVITY_TYPE_TEMPLATE_TYPES[template].map((type) => pickName(type.names, i18n.language)).join(', ');
              return (
                <CheckboxCard
                  key={template}
                  id={`${id}-template-${template}`}
                  checked={added || templates.includes(template)}
                  onCheckedChange={(checked) =>
                    !added &&
                    setTemplates((current) => (checked ? [...current, template] : current.filter((chosen) => chosen !== template)))
                  }
                  label={t(`activityTypes.templates.${template}`)}
                  description={added ? t('setup.templateAdded', { types }) : t('setup.templateAdds', { types })}
                  labelClassName="text-sm font-medium"
                />
              );
            })}
          </div>
        </fieldset>
      </CardContent>
      <StepButtons onSkip={onSkip} isSaving={isSaving} />
    </form>
  );
}
