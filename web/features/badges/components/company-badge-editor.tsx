import { pickName } from '@core/activity-types';
import {
  COMPANY_BADGE_PERIODS,
  type CompanyBadge,
  type CompanyBadgeInput,
  CompanyBadgeInputSchema,
  type CompanyBadgePeriod,
  type Kpi,
  type LocalizedNames,
} from '@core/contracts';
import { canCountUpTo } from '@core/kpi-formulas';
import { parseMoneyInput, parseWholeNumberInput } from '@core/money';
import { LANGUAGES } from '@core/language';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findBadgeLook } from '@web/components/badges/badge-looks';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { NamesFieldset } from '@web/components/names-fieldset';
import { LookColourPicker, LookIconPicker } from '@web/components/look-pickers';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { WholeNumberField } from '@web/components/whole-number-field';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { formatKpiValue } from '@web/lib/format-kpi';
import { lowerInSentence } from '@web/lib/in-sentence';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useSaveCompanyBadge } from '../api/company-badges';

/** What a badge can be earned by: a KPI that adds up and is met by going up (the server checks the same). */
const isBadgeKpi = canCountUpTo;

type Form = {
  names: Record<(typeof LANGUAGES)[number], string>;
  icon: CompanyBadgeInput['icon'];
  colour: CompanyBadgeInput['colour'];
  kpiId: string;
  /** As typed: whole units, or whole currency units for a KPI written as money. */
  threshold: string;
  period: CompanyBadgePeriod;
  enabled: boolean;
};

const isMoney = (kpi: Kpi | undefined) => kpi?.format === 'money';

function toForm(badge: CompanyBadge | null, kpis: readonly Kpi[]): Form {
  const names = Object.fromEntries(LANGUAGES.map((language) => [language, badge?.names[language] ?? ''])) as Form['names'];
  if (!badge)
    return { names, icon: 'trophy', colour: 'amber', kpiId: kpis.find(isBadgeKpi)?.id ?? '', threshold: '', period: 'day', enabled: true };
  const kpi = kpis.find((k) => k.id === badge.kpiId);
  const threshold = isMoney(kpi) ? badge.threshold / 100 : badge.threshold;
  return {
    names,
    icon: badge.icon,
    colour: badge.colour,
    kpiId: badge.kpiId,
    threshold: String(threshold),
    period: badge.period,
    enabled: badge.enabled,
  };
}

/**
 * The number as the contract takes it: money in minor units, read as a sale's value is ("50 000",
 * "50,000", "50.000"); a count with its thousands grouped in any of the Nordic and English ways.
 * What is not a number is sent as NaN, for the contract's words.
 */
function toThreshold(typed: string, kpi: Kpi | undefined): number {
  return (isMoney(kpi) ? parseMoneyInput(typed) : parseWholeNumberInput(typed)) ?? Number.NaN;
}

/**
 * Creating or changing one of the company's own badges (decision 107): its names, its look, and
 * the number a KPI must reach within a day, week or month. The contract checks it before it is
 * sent, in the screen's language; the server's refusals show where they belong.
 */
export function CompanyBadgeEditor({
  open,
  onOpenChange,
  badge,
  kpis,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The badge to change; null for a new one. */
  badge: CompanyBadge | null;
  kpis: readonly Kpi[];
}) {
  const { t, i18n } = useTranslation(['settings', 'scoreboard']);
  const { data: me } = useMe();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const save = useSaveCompanyBadge(badge?.id ?? null);
  const [form, setFormState] = useState<Form>(() => toForm(badge, kpis));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Form>) => {
    setErrors({});
    setFormState((current) => ({ ...current, ...change }));
  };
  const nameOf = (names: LocalizedNames) => pickName(names, i18n.language, me?.company?.language);
  const formatOptions = { language: i18n.language, currency: me?.company?.currency ?? 'NOK' };
  const kpi = kpis.find((k) => k.id === form.kpiId);
  // A KPI that no longer qualifies stays listed while it is the badge's, so the choice is never blank;
  // one deleted since is named so.
  const choices = kpis.filter((k) => isBadgeKpi(k) || k.id === badge?.kpiId);
  const gone = form.kpiId !== '' && !kpi ? [{ value: form.kpiId, label: t('settings:companyBadges.kpiDeleted') }] : [];
  const unfit = kpi !== undefined && !isBadgeKpi(kpi);
  const { Icon, tone } = findBadgeLook({ kind: 'company', look: { names: form.names, icon: form.icon, colour: form.colour } });
  const shownName = pickName(form.names, i18n.language, me?.company?.language) || t('settings:companyBadges.namePlaceholder');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      names: Object.fromEntries(Object.entries(form.names).filter(([, name]) => name.trim() !== '')),
      icon: form.icon,
      colour: form.colour,
      kpiId: form.kpiId,
      threshold: toThreshold(form.threshold, kpi),
      period: form.period,
      enabled: form.enabled,
    };
    const checked = CompanyBadgeInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      toast.success(badge ? t('settings:companyBadges.saved') : t('settings:companyBadges.created'), { description: nameOf(saved.names) });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'badge_exists') setErrors({ names: error.message });
      else if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('settings:companyBadges.saveFailed'), { description: findErrorReason(error) });
    }
  }

  const namesError = errors.names ?? Object.entries(errors).find(([key]) => key.startsWith('names.'))?.[1];

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{badge ? t('settings:companyBadges.editTitle') : t('settings:companyBadges.createTitle')}</DialogTitle>
          <DialogDescription>{t('settings:companyBadges.editorDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-3" aria-hidden>
            <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-full ring-2 ring-inset', tone)}>
              <Icon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block truncate font-medium">{shownName}</span>
              <span className="block text-sm text-muted-foreground">
                {kpi
                  ? describeRule({ threshold: toThreshold(form.threshold, kpi), period: form.period }, kpi, nameOf, t, formatOptions)
                  : '…'}
              </span>
            </span>
          </div>

          <NamesFieldset
            id={id}
            legend={t('settings:companyBadges.names')}
            hint={t('settings:companyBadges.namesHint')}
            names={form.names}
            onChange={(names) => set({ names })}
            error={namesError}
          />

          <LookIconPicker
            name={field('icon')}
            legend={t('settings:companyBadges.icon')}
            value={form.icon}
            onChange={(icon) => set({ icon })}
          />
          <LookColourPicker
            name={field('colour')}
            legend={t('settings:companyBadges.colour')}
            value={form.colour}
            onChange={(colour) => set({ colour })}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label id={field('kpi-label')}>{t('settings:companyBadges.kpi')}</Label>
              <LazySelect
                value={form.kpiId}
                onValueChange={(kpiId) => set({ kpiId })}
                options={[
                  ...(form.kpiId ? [] : [{ value: '', label: t('settings:companyBadges.kpiPlaceholder') }]),
                  ...gone,
                  ...choices.map((k) => ({ value: k.id, label: nameOf(k.names) })),
                ]}
                aria-labelledby={field('kpi-label')}
                className="w-full"
              />
              <p className="text-xs text-muted-foreground">{t('settings:companyBadges.kpiHint')}</p>
              <FieldError id={field('kpi-error')}>
                {errors.kpiId ??
                  (!kpi && form.kpiId !== ''
                    ? t('settings:companyBadges.kpiGone')
                    : unfit
                      ? t('settings:companyBadges.kpiUnfit')
                      : undefined)}
              </FieldError>
            </div>
            <WholeNumberField
              id={field('threshold')}
              label={
                isMoney(kpi)
                  ? t('settings:companyBadges.thresholdMoney', { currency: me?.company?.currency ?? 'NOK' })
                  : t('settings:companyBadges.threshold')
              }
              value={form.threshold}
              onChange={(threshold) => set({ threshold })}
              error={errors.threshold}
              inputClassName="w-40"
            />
          </div>

          <SegmentedChoice
            legend={t('settings:companyBadges.period')}
            name={field('period')}
            value={form.period}
            onChange={(period) => set({ period })}
            help={t('settings:companyBadges.periodHint')}
            options={COMPANY_BADGE_PERIODS.map((period) => ({ value: period, label: t(`settings:companyBadges.periods.${period}`) }))}
          />

          {badge && (
            <LabelledSwitch label={t('settings:companyBadges.enabled')} checked={form.enabled} onChange={(enabled) => set({ enabled })} />
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('settings:companyBadges.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {badge ? t('settings:companyBadges.save') : t('settings:companyBadges.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "3 Meetings booked in a day": the rule a badge is earned by, the number written as its KPI writes it. */
export function describeRule(
  badge: { threshold: number; period: CompanyBadgePeriod },
  kpi: Kpi | undefined,
  nameOf: (names: LocalizedNames) => string,
  t: TFunction,
  options: { language: string; currency: string },
): string {
  if (!kpi) return t('settings:companyBadges.kpiGone');
  if (!isBadgeKpi(kpi)) return t('settings:companyBadges.kpiUnfit');
  const value = Number.isFinite(badge.threshold) ? formatKpiValue(badge.threshold, kpi, options) : '…';
  return t(`settings:companyBadges.rule.${badge.period}`, { value, kpi: lowerInSentence(nameOf(kpi.names)) });
}
