import {
  KPI_BASE_POINTS_MAX,
  KPI_BASE_POINTS_MIN,
  KPI_BONUS_THRESHOLD_MAX,
  KPI_BONUS_THRESHOLD_MIN,
  KPI_MULTIPLIER_MAX,
  type KpiRuleView,
  MULTIPLIER_KPI_KEY,
  THRESHOLD_KPI_KEY,
  UpdateKpiRuleSchema,
} from '@core/contracts';
import { DAILY_CALL_BONUS_THRESHOLD, KPI_KEYS } from '@core/kpi';
import { zodResolver } from '@hookform/resolvers/zod';
import { HistoryIcon, PencilIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { SaveCancelButtons } from '@web/components/save-cancel-buttons';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { formatCount, formatDecimal } from '@web/lib/format';
import { useKpiRules } from '@web/lib/queries/get-kpi-rules';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useUpdateKpiRule } from '@web/lib/queries/update-kpi-rule';

/** KPI Rules: each rule's points (view and edit), its enabled switch (applies at once), the sale value multiplier. */
export function KpiRulesSettings() {
  const { t } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const rules = useKpiRules();
  useErrorToast(rules.error, t('toasts.kpiLoadError'));
  const sorted = [...(rules.data?.rules ?? [])].sort((a, b) => KPI_KEYS.indexOf(a.kpiKey) - KPI_KEYS.indexOf(b.kpiKey));

  return (
    <div className="space-y-6">
      <Alert className="border-primary/20 bg-primary-soft/60 [&>svg]:text-primary">
        <HistoryIcon />
        <AlertTitle>{t('kpi.snapshotTitle')}</AlertTitle>
        <AlertDescription>{t('kpi.snapshotText')}</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>{t('kpi.title')}</CardTitle>
          <CardDescription>{isAdmin ? t('kpi.descriptionAdmin') : t('kpi.descriptionUser')}</CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          {rules.isError ? (
            <div className="px-5 pb-3">
              <LoadError title={t('toasts.kpiLoadError')} error={rules.error} onRetry={() => void rules.refetch()} />
            </div>
          ) : rules.isPending ? (
            <div className="space-y-3 px-5 pb-3" aria-busy="true">
              {KPI_KEYS.map((key) => (
                <Skeleton key={key} className="h-14 w-full" />
              ))}
            </div>
          ) : (
            <ul className="divide-y border-t" aria-label={t('kpi.title')}>
              {sorted.map((rule) => (
                <KpiRuleRow key={rule.id} rule={rule} canEdit={isAdmin} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function KpiRuleRow({ rule, canEdit }: { rule: KpiRuleView; canEdit: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const { me } = useAuth();
  const update = useUpdateKpiRule();
  const [isEditing, setEditing] = useState(false);
  const label = t(`kpi.rules.${rule.kpiKey}.label`);
  const hasMultiplier = rule.kpiKey === MULTIPLIER_KPI_KEY;
  const currency = me?.company?.currency ?? 'NOK';

  async function onToggle(enabled: boolean) {
    try {
      await update.mutateAsync({ id: rule.id, enabled });
      toast.success(enabled ? t('toasts.kpiEnabled') : t('toasts.kpiDisabled'), { description: label });
    } catch (error) {
      toast.error(t('toasts.kpiToggleError'), { description: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <li className={cn('px-5 py-4', !rule.enabled && 'bg-muted/40')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <p className={cn('flex items-center gap-2 font-medium', !rule.enabled && 'text-muted-foreground')}>
            {label}
            {!rule.enabled && <Badge variant="outline">{t('kpi.off')}</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {t(`kpi.rules.${rule.kpiKey}.text`, { count: rule.threshold ?? DAILY_CALL_BONUS_THRESHOLD })}
          </p>
        </div>
        {!isEditing && (
          <div className="flex items-center justify-between gap-4 sm:justify-end">
            <div className="text-left sm:text-right">
              {hasMultiplier ? (
                <p className="font-semibold tabular">
                  {t('kpi.multiplierValue', { value: formatDecimal(rule.multiplierValue, i18n.language), currency })}
                </p>
              ) : (
                <p className="font-semibold tabular">
                  {t('kpi.pointsValue', { count: rule.basePoints, value: formatCount(rule.basePoints, i18n.language) })}
                </p>
              )}
              {hasMultiplier && rule.multiplierValue > 0 && (
                <p className="text-xs text-muted-foreground">
                  {t(rule.enabled ? 'kpi.multiplierExample' : 'kpi.multiplierExampleOff', {
                    amount: formatCount(10_000, i18n.language),
                    currency,
                    points: formatCount(Math.round(10_000 * rule.multiplierValue), i18n.language),
                  })}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <Switch
                checked={rule.enabled}
                disabled={!canEdit || update.isPending}
                onCheckedChange={(checked) => void onToggle(checked)}
                aria-label={t('kpi.enableLabel', { rule: label })}
              />
              {canEdit && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={() => setEditing(true)}
                  aria-label={t('kpi.editLabel', { rule: label })}
                >
                  <PencilIcon />
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
      {isEditing && <KpiRuleForm rule={rule} label={label} currency={currency} onDone={() => setEditing(false)} />}
    </li>
  );
}

function KpiRuleForm({ rule, label, currency, onDone }: { rule: KpiRuleView; label: string; currency: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const update = useUpdateKpiRule();
  const hasMultiplier = rule.kpiKey === MULTIPLIER_KPI_KEY;
  // The daily call bonus: its points and the number of calls in a day that earn it (decision 108).
  const hasThreshold = rule.kpiKey === THRESHOLD_KPI_KEY;
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateKpiRuleSchema),
    defaultValues: hasMultiplier
      ? { multiplierValue: rule.multiplierValue }
      : hasThreshold
        ? { basePoints: rule.basePoints, threshold: rule.threshold ?? DAILY_CALL_BONUS_THRESHOLD }
        : { basePoints: rule.basePoints },
  });
  const fieldId = `kpi-${rule.kpiKey}`;
  // Edit mode opens in place: put the keyboard where the new field is.
  useEffect(() => setFocus(hasMultiplier ? 'multiplierValue' : 'basePoints', { shouldSelect: true }), [setFocus, hasMultiplier]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: rule.id, ...values });
      toast.success(t('toasts.kpiUpdated'), { description: label });
      onDone();
    } catch (error) {
      toast.error(t('toasts.kpiUpdateError'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  const error = hasMultiplier ? errors.multiplierValue : errors.basePoints;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:flex-row sm:items-end">
      <div className="space-y-2">
        <Label htmlFor={fieldId}>{hasMultiplier ? t('kpi.multiplierLabel', { currency }) : t('kpi.pointsLabel')}</Label>
        {hasMultiplier ? (
          <Input
            id={fieldId}
            type="number"
            inputMode="decimal"
            min={0}
            max={KPI_MULTIPLIER_MAX}
            step="any"
            className="w-40 bg-card"
            aria-invalid={Boolean(error)}
            aria-describedby={`${fieldId}-hint`}
            {...register('multiplierValue', { valueAsNumber: true })}
          />
        ) : (
          <Input
            id={fieldId}
            type="number"
            inputMode="numeric"
            min={KPI_BASE_POINTS_MIN}
            max={KPI_BASE_POINTS_MAX}
            step={1}
            className="w-28 bg-card"
            aria-invalid={Boolean(error)}
            aria-describedby={`${fieldId}-hint`}
            {...register('basePoints', { valueAsNumber: true })}
          />
        )}
      </div>
      {hasThreshold && (
        <div className="space-y-2">
          <Label htmlFor={`${fieldId}-threshold`}>{t('kpi.thresholdLabel')}</Label>
          <Input
            id={`${fieldId}-threshold`}
            type="number"
            inputMode="numeric"
            min={KPI_BONUS_THRESHOLD_MIN}
            max={KPI_BONUS_THRESHOLD_MAX}
            step={1}
            className="w-28 bg-card"
            aria-invalid={Boolean(errors.threshold)}
            aria-describedby={errors.threshold ? `${fieldId}-threshold-error` : `${fieldId}-hint`}
            {...register('threshold', { valueAsNumber: true })}
          />
        </div>
      )}
      <div className="flex-1 space-y-1">
        {error ? (
          <FieldError id={`${fieldId}-hint`}>
            {hasMultiplier
              ? t('kpi.multiplierError', { max: KPI_MULTIPLIER_MAX })
              : t('kpi.pointsError', { min: KPI_BASE_POINTS_MIN, max: KPI_BASE_POINTS_MAX })}
          </FieldError>
        ) : (
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {hasMultiplier ? t('kpi.multiplierHint', { currency }) : hasThreshold ? t('kpi.thresholdHint') : t('kpi.pointsHint')}
          </p>
        )}
        {errors.threshold && (
          <FieldError id={`${fieldId}-threshold-error`}>
            {t('kpi.thresholdError', { min: KPI_BONUS_THRESHOLD_MIN, max: KPI_BONUS_THRESHOLD_MAX })}
          </FieldError>
        )}
      </div>
      <div className="flex gap-2">
        <SaveCancelButtons isSaving={update.isPending} onCancel={onDone} size="sm" />
      </div>
    </form>
  );
}
