import {
  CONTEST_RECURRENCES,
  CONTEST_TEMPLATES,
  type Contest,
  type ContestMetric,
  type ContestTemplate,
  type CreateContest,
  CreateContestSchema,
  type Kpi,
} from '@core/contracts';
import { pickName } from '@core/activity-types';
import { buildContestTemplate, listOfferedContestMetrics } from '@core/contests';
import { computeLocalDate } from '@core/period';
import { PhoneCallIcon, TrophyIcon, ZapIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toaster';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input, Textarea } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { useCompanyFormat } from '@web/lib/format';
import { useEnabledKinds } from '@web/lib/queries/get-kpi-rules';
import { useKpis } from '@web/lib/queries/get-kpis';
import { LazySelect } from '@web/components/ui/lazy-select';
import { cn } from '@web/lib/cn';
import { translateFieldMessage } from '@web/lib/field-messages';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useContestSubjects } from '../api/get-contests';
import { useSaveContest } from '../api/save-contest';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Picks } from './contest-form-fields';

/** The target as sent: empty is none; money typed in whole currency units is sent in minor units. */
function readTarget(value: string, money: boolean): number | null {
  if (value.trim() === '') return null;
  const number = Number(value.replace(/\s/g, '').replace(',', '.'));
  return money ? Math.round(number * 100) : number;
}

type Form = {
  name: string;
  startsOn: string;
  endsOn: string;
  participants: CreateContest['participants'];
  teamIds: string[];
  userIds: string[];
  mode: CreateContest['mode'];
  /** What counts: activities (weights) or one KPI (decision 103). */
  counts: 'activities' | 'kpi';
  weights: Partial<Record<ContestMetric, number>>;
  kpiId: string;
  /** In whole units of what the score counts: currency units for money (sent in minor units). */
  target: string;
  prizes: string;
  recurrence: NonNullable<CreateContest['recurrence']>;
  template: ContestTemplate | null;
};

const readWeights = (contest: Pick<Contest, 'weights'>): Form['weights'] =>
  Object.fromEntries(contest.weights.map((w) => [w.metric, w.weight]));

const TEMPLATE_ICONS = { sprint_week: PhoneCallIcon, sales_race: TrophyIcon, call_blitz: ZapIcon } as const;

/**
 * Whether the score is money: sales value alone, or a KPI written as money. Its target is typed in
 * whole currency units. The KPI's format comes from the company's list, or from the contest as it was
 * saved while that list is still loading (an edit must not send kroner as øre).
 */
function isMoneyScore(form: Pick<Form, 'counts' | 'weights' | 'kpiId'>, kpis: readonly Pick<Kpi, 'id' | 'format'>[]): boolean {
  if (form.counts === 'kpi') return kpis.find((kpi) => kpi.id === form.kpiId)?.format === 'money';
  const chosen = Object.entries(form.weights).filter(([, weight]) => weight !== undefined);
  return chosen.length === 1 && chosen[0]![0] === 'sales_value' && chosen[0]![1] === 1;
}

function fromContest(contest: Contest): Form {
  const money = contest.kpi
    ? contest.kpi.format === 'money'
    : isMoneyScore({ counts: 'activities', weights: readWeights(contest), kpiId: '' }, []);
  return {
    name: contest.name,
    startsOn: contest.startsOn,
    endsOn: contest.endsOn,
    participants: contest.participants,
    teamIds: contest.teamIds,
    userIds: contest.userIds,
    mode: contest.mode,
    counts: contest.kpiId === null ? 'activities' : 'kpi',
    weights: readWeights(contest),
    kpiId: contest.kpiId ?? '',
    target: contest.target === null ? '' : String(money ? contest.target / 100 : contest.target),
    prizes: contest.prizes,
    recurrence: contest.recurrence,
    template: contest.template,
  };
}

/**
 * The create and edit dialog (decision 049): a template prefills dates, format and what counts;
 * then the name, who takes part (everyone, teams or people: a lead sees their own teams and people
 * only, as the server allows), the metric or weighted mix, an optional target, prizes and whether
 * it repeats. The server's field refusals show on the fields they name.
 */
export function ContestFormDialog({
  open,
  onOpenChange,
  contest,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contest: Contest | null;
  onSaved?: (contest: Contest) => void;
}) {
  const { t, i18n } = useTranslation('contests');
  const { data: me } = useMe();
  const format = useCompanyFormat();
  const timeZone = me?.company?.timezone ?? 'Europe/Oslo';
  const today = computeLocalDate(new Date(), timeZone);
  const isAdmin = me?.profile?.role === 'admin';
  const subjects = useContestSubjects(open);
  const kpiList = useKpis();
  // A contest is won by the highest figure (decision 103): KPIs where lower is better are not offered.
  const kpis = (kpiList.data?.kpis ?? []).filter((kpi) => !kpi.lowerIsBetter);
  const knownKpis = contest?.kpi && !kpis.some((kpi) => kpi.id === contest.kpi!.id) ? [...kpis, contest.kpi] : kpis;
  const save = useSaveContest(contest?.id ?? null);
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const applyTemplate = (template: ContestTemplate): Form => {
    const filled = buildContestTemplate(template, today);
    return {
      name: t(`form.templates.${template}`),
      startsOn: filled.startsOn,
      endsOn: filled.endsOn,
      participants: filled.mode === 'team' || isAdmin ? (filled.mode === 'team' ? 'teams' : 'everyone') : 'teams',
      teamIds: [],
      userIds: [],
      mode: filled.mode,
      counts: 'activities',
      weights: Object.fromEntries((filled.weights ?? []).map((w) => [w.metric, w.weight])),
      kpiId: '',
      target: '',
      prizes: '',
      recurrence: filled.recurrence ?? 'none',
      template,
    };
  };
  const [form, setForm] = useState<Form>(() => (contest ? fromContest(contest) : applyTemplate('sprint_week')));
  // The kinds the company logs: one switched off is not offered for a new mix (decision 049).
  const enabledKinds = useEnabledKinds();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'teamIds' | 'userIds', value: string) =>
    setForm((current) => ({
      ...current,
      [key]: current[key].includes(value) ? current[key].filter((v) => v !== value) : [...current[key], value],
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (form.counts === 'kpi' && !form.kpiId) {
      setErrors({ kpiId: t('form.chooseKpi') });
      return;
    }
    const input: CreateContest = {
      name: form.name,
      startsOn: form.startsOn,
      endsOn: form.endsOn,
      participants: form.participants,
      teamIds: form.participants === 'teams' ? form.teamIds : [],
      userIds: form.participants === 'people' ? form.userIds : [],
      mode: form.mode,
      weights:
        form.counts === 'kpi'
          ? []
          : Object.entries(form.weights)
              .filter(([, weight]) => weight !== undefined && weight > 0)
              .map(([metric, weight]) => ({ metric: metric as ContestMetric, weight: weight! })),
      kpiId: form.counts === 'kpi' ? form.kpiId || null : null,
      target: readTarget(form.target, isMoneyScore(form, knownKpis)),
      prizes: form.prizes,
      recurrence: form.recurrence,
      template: form.template,
    };
    // Checked as the server checks it (a team contest of no team, an end before its start): the
    // refusals under their fields, and nothing sent that can only come back refused.
    const checked = CreateContestSchema.safeParse(input);
    if (!checked.success) {
      // Under the field they belong to (a weight's refusal under the weights), and the first in a
      // toast as the server's refusal was: one for a field the form does not show is not lost.
      const refused = collectIssueErrors(checked.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) })));
      setErrors(refused);
      toast.error(t('form.saveError'), { description: translateFieldMessage(Object.values(refused)[0] ?? '') });
      return;
    }
    try {
      const saved = await save.mutateAsync(input);
      toast.success(contest ? t('form.saved') : t('form.created'));
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      // The server's per-field refusals show under their fields; its reason in the toast.
      if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('form.saveError'), { description: findErrorReason(error) });
    }
  }

  const field = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) => errors[name];
  const teams = subjects.data?.teams ?? [];
  const people = subjects.data?.members ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contest ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription>{contest ? form.name : t('form.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-5" noValidate>
          {!contest && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t('form.template')}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {CONTEST_TEMPLATES.map((template) => {
                  const Icon = TEMPLATE_ICONS[template];
                  const chosen = form.template === template;
                  return (
                    <button
                      key={template}
                      type="button"
                      aria-pressed={chosen}
                      onClick={() => setForm(applyTemplate(template))}
                      className={cn(
                        'flex flex-col items-start gap-1 rounded-lg border p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
                        chosen && 'border-primary bg-primary-soft',
                      )}
                    >
                      <span className="flex items-center gap-2 font-medium">
                        <Icon className="size-4 text-primary" aria-hidden />
                        {t(`form.templates.${template}`)}
                      </span>
                      <span className="text-xs text-muted-foreground">{t(`form.templates.${template}Text`)}</span>
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}

          <div className="space-y-1.5">
            <Label htmlFor={field('name')}>{t('form.name')}</Label>
            <Input
              id={field('name')}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={80}
              aria-invalid={!!errorOf('name')}
              aria-describedby={field('name-error')}
            />
            <FieldError id={field('name-error')}>{errorOf('name')}</FieldError>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={field('startsOn')}>{t('form.startsOn')}</Label>
              <Input
                id={field('startsOn')}
                type="date"
                value={form.startsOn}
                onChange={(e) => set('startsOn', e.target.value)}
                aria-invalid={!!errorOf('startsOn')}
                aria-describedby={field('startsOn-error')}
              />
              <FieldError id={field('startsOn-error')}>{errorOf('startsOn')}</FieldError>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={field('endsOn')}>{t('form.endsOn')}</Label>
              <Input
                id={field('endsOn')}
                type="date"
                value={form.endsOn}
                onChange={(e) => set('endsOn', e.target.value)}
                aria-invalid={!!errorOf('endsOn')}
                aria-describedby={field('endsOn-error')}
              />
              <FieldError id={field('endsOn-error')}>{errorOf('endsOn')}</FieldError>
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <SegmentedChoice
              legend={t('form.mode')}
              name={field('mode')}
              value={form.mode}
              options={(['individual', 'team'] as const).map((value) => ({ value, label: t(`form.modeOptions.${value}`) }))}
              onChange={(mode) =>
                setForm((current) => ({
                  ...current,
                  mode,
                  participants: mode === 'team' && current.participants === 'people' ? 'teams' : current.participants,
                }))
              }
              error={errorOf('mode')}
            />
            <SegmentedChoice
              legend={t('form.participants')}
              name={field('participants')}
              value={form.participants}
              options={(['everyone', 'teams', 'people'] as const)
                .filter((value) => (value === 'everyone' ? isAdmin : value === 'people' ? form.mode === 'individual' : true))
                .map((value) => ({ value, label: t(`form.participantsOptions.${value}`) }))}
              onChange={(participants) => set('participants', participants)}
            />
          </div>
          {!isAdmin && <p className="text-xs text-muted-foreground">{t('form.leadOnly')}</p>}

          {form.participants === 'teams' && (
            <Picks
              legend={t('form.teams')}
              empty={t('form.noTeams')}
              options={teams.map((team) => ({ value: team.id, label: team.name }))}
              chosen={form.teamIds}
              onToggle={(value) => toggle('teamIds', value)}
              error={errorOf('teamIds')}
            />
          )}
          {form.participants === 'people' && (
            <Picks
              legend={t('form.people')}
              empty={t('form.noPeople')}
              options={people.map((person) => ({ value: person.userId, label: person.displayName ?? person.userId }))}
              chosen={form.userIds}
              onToggle={(value) => toggle('userIds', value)}
              error={errorOf('userIds')}
            />
          )}

          <SegmentedChoice
            legend={t('form.counts')}
            name={field('counts')}
            value={form.counts}
            options={(['activities', 'kpi'] as const).map((value) => ({ value, label: t(`form.countsOptions.${value}`) }))}
            // The first KPI is chosen when none is yet: a select shows a choice, not a blank.
            onChange={(counts) => setForm((current) => ({ ...current, counts, kpiId: current.kpiId || (kpis[0]?.id ?? '') }))}
          />
          {form.counts === 'kpi' ? (
            <div className="space-y-1.5">
              <Label id={field('kpi-label')}>{t('form.kpi')}</Label>
              <LazySelect
                value={form.kpiId}
                onValueChange={(kpiId) => set('kpiId', kpiId)}
                options={[...kpis.map((kpi) => ({ value: kpi.id, label: pickName(kpi.names, i18n.language, me?.company?.language) }))]}
                aria-labelledby={field('kpi-label')}
                className="w-full"
              />
              <p id={field('kpi-help')} className="text-xs text-muted-foreground">
                {t('form.kpiHelp')}
              </p>
              <FieldError id={field('kpi-error')}>{errorOf('kpiId')}</FieldError>
            </div>
          ) : (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t('form.metrics')}</legend>
              <p className="text-xs text-muted-foreground">{t('form.metricsHelp')}</p>
              <div className="grid gap-2 sm:grid-cols-2">
                {listOfferedContestMetrics(enabledKinds, Object.keys(form.weights)).map((metric) => {
                  const weight = form.weights[metric];
                  const on = weight !== undefined;
                  return (
                    <div
                      key={metric}
                      className={cn('flex items-center gap-2 rounded-lg border px-3 py-2', on && 'border-primary/50 bg-primary-soft/50')}
                    >
                      <input
                        id={field(`metric-${metric}`)}
                        type="checkbox"
                        className="size-4 accent-[var(--color-primary)]"
                        checked={on}
                        onChange={() =>
                          setForm((current) => {
                            const weights = { ...current.weights };
                            if (on) delete weights[metric];
                            else weights[metric] = 1;
                            return { ...current, weights };
                          })
                        }
                      />
                      <Label htmlFor={field(`metric-${metric}`)} className="flex-1 font-normal">
                        {t(`metric.${metric}`)}
                      </Label>
                      {on && (
                        <Input
                          type="number"
                          min={1}
                          max={1000}
                          className="h-8 w-20"
                          aria-label={t('form.weight', { metric: t(`metric.${metric}`) })}
                          value={weight}
                          onChange={(e) =>
                            setForm((current) => ({ ...current, weights: { ...current.weights, [metric]: Number(e.target.value) } }))
                          }
                        />
                      )}
                    </div>
                  );
                })}
              </div>
              <FieldError id={field('weights-error')}>{errorOf('weights')}</FieldError>
            </fieldset>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={field('target')}>
                {isMoneyScore(form, knownKpis) ? t('form.targetMoney', { currency: format.currencySymbol }) : t('form.target')}
              </Label>
              <Input
                id={field('target')}
                type="number"
                min={1}
                inputMode="numeric"
                value={form.target}
                onChange={(e) => set('target', e.target.value)}
                aria-invalid={!!errorOf('target')}
                aria-describedby={`${field('target-help')} ${field('target-error')}`}
              />
              <p id={field('target-help')} className="text-xs text-muted-foreground">
                {t('form.targetHelp')}
              </p>
              <FieldError id={field('target-error')}>{errorOf('target')}</FieldError>
            </div>
            <SegmentedChoice
              legend={t('form.recurrence')}
              name={field('recurrence')}
              value={form.recurrence}
              options={CONTEST_RECURRENCES.map((value) => ({ value, label: t(`form.recurrenceOptions.${value}`) }))}
              onChange={(recurrence) => set('recurrence', recurrence)}
              help={t('form.recurrenceHelp')}
              error={errorOf('recurrence')}
            />
          </div>

          <div className="space-y-1.5">
            <Label htmlFor={field('prizes')}>{t('form.prizes')}</Label>
            <Textarea
              id={field('prizes')}
              value={form.prizes}
              maxLength={500}
              rows={2}
              placeholder={t('form.prizesPlaceholder')}
              onChange={(e) => set('prizes', e.target.value)}
            />
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {contest ? t('form.save') : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
