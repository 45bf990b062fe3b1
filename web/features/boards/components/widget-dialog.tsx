import {
  BOARD_PERIODS,
  BOARD_WIDGET_KINDS,
  BOARD_WIDGET_SIZES,
  type BoardPeriod,
  type BoardWidget,
  type BoardWidgetKind,
  type BoardWidgetSize,
  BoardWidgetSchema,
  type Kpi,
} from '@core/contracts';
import { pickName } from '@core/activity-types';
import { parseNumberInput } from '@core/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { useMe } from '@web/lib/auth/get-me';
import { useContests } from '@web/lib/queries/get-contests';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useTeams } from '@web/lib/teams';

type WidgetForm = {
  kind: BoardWidgetKind;
  kpiId: string;
  period: BoardPeriod;
  size: BoardWidgetSize;
  teamId: string;
  rows: '5' | '10';
  style: 'bar' | 'line';
  goal: string;
  contestId: string;
};

const BOARD_PEOPLE = '';

/**
 * How a goal is typed for a KPI of this format: money in whole currency units (stored in minor
 * units, as every amount), a percent as a percent (stored as the ratio it is), anything else as is.
 */
const GOAL_SCALE: Record<Kpi['format'], number> = { money: 100, percent: 0.01, number: 1, duration: 1 };

function toForm(widget: BoardWidget | null, kpis: readonly Kpi[]): WidgetForm {
  const form: WidgetForm = {
    kind: 'number',
    kpiId: 'calls',
    period: 'week',
    size: 'medium',
    teamId: BOARD_PEOPLE,
    rows: '5',
    style: 'bar',
    goal: '',
    contestId: '',
  };
  if (!widget) return form;
  return {
    ...form,
    kind: widget.kind,
    period: widget.period,
    size: widget.size,
    teamId: widget.teamId ?? BOARD_PEOPLE,
    ...('kpiId' in widget ? { kpiId: widget.kpiId } : {}),
    ...(widget.kind === 'leaderboard' || widget.kind === 'contest' ? { rows: String(widget.rows) as '5' | '10' } : {}),
    ...(widget.kind === 'contest' ? { contestId: widget.contestId } : {}),
    ...(widget.kind === 'chart' ? { style: widget.style } : {}),
    ...(widget.kind === 'gauge'
      ? { goal: String(Number((widget.goal / GOAL_SCALE[kpis.find((k) => k.id === widget.kpiId)?.format ?? 'number']).toPrecision(12))) }
      : {}),
  };
}

const formatOf = (kpis: readonly Kpi[], kpiId: string) => kpis.find((k) => k.id === kpiId)?.format ?? 'number';

/** The form as the contract's widget (its id kept); a gauge's goal as typed (the contract words a bad one). */
function toWidget(form: WidgetForm, id: string | undefined, kpis: readonly Kpi[]): unknown {
  const base = { ...(id ? { id } : {}), kind: form.kind, period: form.period, size: form.size, teamId: form.teamId || null };
  switch (form.kind) {
    case 'feed':
      return base;
    case 'contest':
      return { ...base, contestId: form.contestId, rows: Number(form.rows) };
    case 'leaderboard':
      return { ...base, kpiId: form.kpiId, rows: Number(form.rows) };
    case 'chart':
      return { ...base, kpiId: form.kpiId, style: form.style };
    case 'gauge':
      return {
        ...base,
        kpiId: form.kpiId,
        // Read as a sale's value is: a Dane's "100.000" kr. is a hundred thousand, not 100.
        goal: (parseNumberInput(form.goal) ?? Number.NaN) * GOAL_SCALE[formatOf(kpis, form.kpiId)],
      };
    default:
      return { ...base, kpiId: form.kpiId };
  }
}

/**
 * Adding or changing one widget of a board (decision 102): what it shows, its KPI, period, people
 * and width. The contract checks it before it goes on the board; the board is saved as a whole.
 */
export function WidgetDialog({
  widget,
  kpis,
  onSave,
  onOpenChange,
  isSaving,
}: {
  /** The widget to change; null to add one. */
  widget: BoardWidget | null;
  kpis: readonly Kpi[];
  onSave: (widget: BoardWidget) => void;
  onOpenChange: (open: boolean) => void;
  isSaving: boolean;
}) {
  const { t, i18n } = useTranslation('scoreboard');
  const { data: me } = useMe();
  const teams = useTeams().data?.teams ?? [];
  const contests = useContests().data?.contests ?? [];
  const id = useId();
  const [form, setFormState] = useState<WidgetForm>(() => toForm(widget, kpis));
  // What the kind reads: a KPI (all but the feed and the contest), a period, a team of its own.
  const readsKpi = form.kind !== 'feed' && form.kind !== 'contest';
  const hasOwnTeam = form.kind !== 'teams' && form.kind !== 'contest';
  // The contest shown: the one chosen, else the first listed (running ones come first).
  const contestId = form.contestId || contests[0]?.id || '';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<WidgetForm>) => {
    setErrors({});
    setFormState((current) => ({ ...current, ...change }));
  };
  const field = (name: string) => `${id}-${name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = BoardWidgetSchema.safeParse(toWidget({ ...form, contestId }, widget?.id, kpis));
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    onSave({ ...checked.data, id: checked.data.id ?? crypto.randomUUID() } as BoardWidget);
  }

  return (
    <Dialog open onOpenChange={(next) => !isSaving && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{widget ? t('boards.widgetEditTitle') : t('boards.widgetTitle')}</DialogTitle>
          <DialogDescription>{t('boards.widgetDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-5" noValidate>
          <SegmentedChoice
            legend={t('boards.widgetKind')}
            name={field('kind')}
            value={form.kind}
            onChange={(kind) => set({ kind })}
            help={t(`boards.kindHelp.${form.kind}`)}
            options={BOARD_WIDGET_KINDS.map((kind) => ({ value: kind, label: t(`boards.kinds.${kind}`) }))}
          />
          {form.kind === 'contest' && (
            <div className="space-y-1.5">
              <Label id={field('contest-label')}>{t('boards.contest')}</Label>
              {contests.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('boards.noContests')}</p>
              ) : (
                <LazySelect
                  value={contestId}
                  onValueChange={(next) => set({ contestId: next })}
                  options={contests.map((contest) => ({
                    value: contest.id,
                    label: `${contest.name} (${t(`boards.contestPhaseShort.${contest.phase}`)})`,
                  }))}
                  aria-labelledby={field('contest-label')}
                  className="w-full"
                />
              )}
              <FieldError id={field('contest-error')}>{errors.contestId}</FieldError>
            </div>
          )}
          {readsKpi && (
            <div className="space-y-1.5">
              <Label id={field('kpi-label')}>{t('boards.kpi')}</Label>
              <LazySelect
                value={form.kpiId}
                onValueChange={(kpiId) => set({ kpiId })}
                options={kpis.map((kpi) => ({ value: kpi.id, label: pickName(kpi.names, i18n.language, me?.company?.language) }))}
                aria-labelledby={field('kpi-label')}
                className="w-full"
              />
              <FieldError id={field('kpi-error')}>{errors.kpiId}</FieldError>
            </div>
          )}
          {readsKpi && (
            <SegmentedChoice
              legend={t('boards.period')}
              name={field('period')}
              value={form.period}
              onChange={(period) => set({ period })}
              options={BOARD_PERIODS.map((period) => ({ value: period, label: t(`boards.periods.${period}`) }))}
            />
          )}
          {(form.kind === 'leaderboard' || form.kind === 'contest') && (
            <SegmentedChoice
              legend={t('boards.rows')}
              name={field('rows')}
              value={form.rows}
              onChange={(rows) => set({ rows })}
              options={[
                { value: '5', label: '5' },
                { value: '10', label: '10' },
              ]}
            />
          )}
          {form.kind === 'chart' && (
            <SegmentedChoice
              legend={t('boards.style')}
              name={field('style')}
              value={form.style}
              onChange={(style) => set({ style })}
              options={(['bar', 'line'] as const).map((style) => ({ value: style, label: t(`boards.styles.${style}`) }))}
            />
          )}
          {form.kind === 'gauge' && (
            <div className="space-y-1.5">
              <Label htmlFor={field('goal')}>
                {formatOf(kpis, form.kpiId) === 'money'
                  ? t('boards.goalIn', { unit: me?.company?.currency ?? 'NOK' })
                  : formatOf(kpis, form.kpiId) === 'percent'
                    ? t('boards.goalIn', { unit: '%' })
                    : t('boards.goal')}
              </Label>
              <Input
                id={field('goal')}
                inputMode="decimal"
                value={form.goal}
                onChange={(e) => set({ goal: e.target.value })}
                aria-invalid={!!errors.goal}
                aria-describedby={field('goal-error')}
                className="w-40"
              />
              <FieldError id={field('goal-error')}>{errors.goal}</FieldError>
            </div>
          )}
          {teams.length > 0 && hasOwnTeam && (
            <div className="space-y-1.5">
              <Label id={field('team-label')}>{t('boards.widgetTeam')}</Label>
              <LazySelect
                value={form.teamId}
                onValueChange={(teamId) => set({ teamId })}
                options={[
                  { value: BOARD_PEOPLE, label: t('boards.boardPeople') },
                  ...teams.map((team) => ({ value: team.id, label: team.name })),
                ]}
                aria-labelledby={field('team-label')}
                className="w-full sm:w-64"
              />
            </div>
          )}
          <SegmentedChoice
            legend={t('boards.size')}
            name={field('size')}
            value={form.size}
            onChange={(size) => set({ size })}
            options={BOARD_WIDGET_SIZES.map((size) => ({ value: size, label: t(`boards.sizes.${size}`) }))}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
              {t('boards.cancel')}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {widget ? t('boards.saveWidget') : t('boards.addToBoard')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
