import { pickName } from '@core/activity-types';
import { type Target, type TargetMeasure, TARGET_METRICS, type TargetMetric } from '@core/contracts';
import { canCountUpTo, findWhyNotCountedUpTo } from '@core/kpi-formulas';
import { parseMoneyInput, parseWholeNumberInput } from '@core/money';
import { TARGET_PERIODS, type TargetPeriod } from '@core/pacing/target-periods';
import { isLocalDate } from '@core/period';
import { FlagIcon, UsersIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useCreateTarget } from '../api/create-target';
import { useEndTarget } from '../api/end-target';
import { useTargetSubjects } from '../api/get-target-subjects';
import { useTargets } from '../api/get-targets';
import { useKpis } from '@web/lib/queries/get-kpis';
import { formatMetricValue, isMoneyMeasure, METRIC_ICONS, nameMeasure } from '../lib/metrics';

type Subjects = { members: { userId: string; displayName: string | null }[]; teams: { id: string; name: string }[] };
/** The subject select's first option: nobody chosen yet (Radix selects take no empty value). */
const NO_SUBJECT = 'none';
/** A subject select value: `team:<id>` or `person:<id>`. */
const teamValue = (id: string) => `team:${id}`;
const personValue = (id: string) => `person:${id}`;

/** How the screens name a target's subject: the person, or the team (marked as a team's). */
function useSubjectNames(subjects: Subjects | undefined) {
  const { t } = useTranslation('targets');
  const people = new Map((subjects?.members ?? []).map((member) => [member.userId, member.displayName?.trim() || t('admin.unnamed')]));
  const teams = new Map((subjects?.teams ?? []).map((team) => [team.id, team.name]));
  return (target: Pick<Target, 'userId' | 'teamId'>) =>
    target.teamId !== null
      ? (teams.get(target.teamId) ?? t('admin.formerTeam'))
      : (people.get(target.userId ?? '') ?? t('admin.formerMember'));
}

/**
 * The targets screen: the form that sets one, and every target the viewer manages with its
 * history. An admin sees the company's; a team lead the teams they lead and their people
 * (decision 044): the server decides, this shows what it answers.
 */
export function TargetsAdmin({ title }: { title?: string }) {
  const { t } = useTranslation('targets');
  const subjects = useTargetSubjects();
  const targets = useTargets();
  const nameOf = useSubjectNames(subjects.data);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{title ?? t('admin.title')}</CardTitle>
          <CardDescription>{t('admin.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {subjects.isError ? (
            <LoadError title={t('admin.membersLoadError')} error={subjects.error} onRetry={() => void subjects.refetch()} />
          ) : subjects.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <TargetForm subjects={subjects.data} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('admin.listTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="px-0">
          {targets.isError ? (
            <div className="px-5">
              <LoadError title={t('admin.loadError')} error={targets.error} onRetry={() => void targets.refetch()} />
            </div>
          ) : targets.isPending ? (
            <div className="space-y-3 px-5" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : targets.data.targets.length === 0 ? (
            <div className="px-5">
              <EmptyState icon={FlagIcon} title={t('admin.emptyTitle')} description={t('admin.emptyText')} />
            </div>
          ) : (
            <TargetsTable targets={targets.data.targets} nameOf={nameOf} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Today in the company's time zone, as the date input wants it. */
function useCompanyToday(): string {
  const format = useCompanyFormat();
  return format.localDay(new Date().toISOString());
}

/** A KPI's option in the measure select: `kpi:` and its id (decision 104). */
const KPI_OPTION = 'kpi:';

function TargetForm({ subjects }: { subjects: Subjects }) {
  const { t, i18n } = useTranslation('targets');
  const format = useCompanyFormat();
  const today = useCompanyToday();
  const createTarget = useCreateTarget();
  const kpiList = useKpis();
  const id = useId();
  const [subject, setSubject] = useState(NO_SUBJECT);
  // A built-in metric, or one of the company's KPIs that adds up and is met by going up (decision 104):
  // a ratio, difference, average or extreme has no sum over a week, and a lower-is-better figure is not counted up to.
  const [measure, setMeasure] = useState<string>('calls');
  const ownKpis = (kpiList.data?.kpis ?? []).filter((kpi) => !kpi.builtIn);
  const kpis = ownKpis.filter(canCountUpTo);
  // The company's KPIs a target cannot measure, named under the form with why, so that a manager looking for one is not left guessing.
  const leftOut = ownKpis.flatMap((kpi) => {
    const why = findWhyNotCountedUpTo(kpi);
    return why === null
      ? []
      : [t('admin.leftOutKpi', { name: pickName(kpi.names, i18n.language), reason: t(`common:kpiNotCountedUpTo.${why}`) })];
  });
  const kpiId = measure.startsWith(KPI_OPTION) ? measure.slice(KPI_OPTION.length) : null;
  const chosenKpi = kpiId === null ? null : (kpis.find((kpi) => kpi.id === kpiId) ?? null);
  const metric: TargetMeasure = kpiId === null ? (measure as TargetMetric) : 'kpi';
  const measured = { metric, kpi: chosenKpi };
  const [period, setPeriod] = useState<TargetPeriod>('week');
  const [value, setValue] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [errors, setErrors] = useState<{ member?: string; value?: string; date?: string }>({});

  const isMoney = isMoneyMeasure(measured);
  // Teams first (a team's target counts all its members), then the people.
  const subjectOptions = [
    { value: NO_SUBJECT, label: t('admin.chooseMember') },
    ...subjects.teams.map((team) => ({ value: teamValue(team.id), label: t('admin.teamOption', { name: team.name }) })),
    ...subjects.members.map((member) => ({
      value: personValue(member.userId),
      label: member.displayName?.trim() || t('admin.unnamed'),
    })),
  ];
  // The option says "Team: Oslo" in a list of teams and people; a sentence names it "Oslo team".
  const chosenTeam = subjects.teams.find((team) => teamValue(team.id) === subject);
  const subjectName = chosenTeam
    ? t('admin.teamName', { name: chosenTeam.name })
    : (subjectOptions.find((option) => option.value === subject)?.label ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Money (sales value, a KPI written as money) is typed in the currency's units and stored in minor
    // units; both read as a sale's value is, so a Dane's "200.000" is two hundred thousand, not 200.
    const parsed = isMoney ? parseMoneyInput(value) : parseWholeNumberInput(value);
    const amount = parsed ?? 0;
    const next = {
      member: subject !== NO_SUBJECT ? undefined : t('admin.errors.member'),
      value: amount >= 1 ? undefined : t('admin.errors.value'),
      date: effectiveFrom && effectiveFrom >= today ? undefined : t('admin.errors.date'),
    };
    setErrors(next);
    if (next.member || next.value || next.date || !isLocalDate(effectiveFrom)) return;
    const [kind, subjectId] = subject.split(':') as ['team' | 'person', string];
    createTarget.mutate(
      {
        ...(kind === 'team' ? { teamId: subjectId } : { userId: subjectId }),
        metric,
        ...(kpiId !== null ? { kpiId } : {}),
        period,
        value: amount,
        effectiveFrom,
      },
      {
        onSuccess: () => {
          toast.success(t('admin.saved'), {
            description: t('admin.savedText', {
              name: subjectName,
              metric: nameMeasure(measured, t, i18n.language),
              value: formatMetricValue(measured, amount, format),
              period: t(`periods.${period}`).toLowerCase(),
            }),
          });
          setValue('');
        },
        onError: (error) => showErrorToast(t('admin.saveError'), t('tryAgainText'), error),
      },
    );
  };

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_1.2fr_auto] lg:items-start">
        <div className="space-y-1.5">
          <Label id={`${id}-member`}>{t('admin.member')}</Label>
          <LazySelect
            value={subject}
            onValueChange={setSubject}
            options={subjectOptions}
            aria-labelledby={`${id}-member`}
            className="w-full"
          />
          <FieldError id={`${id}-member-error`}>{errors.member}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label id={`${id}-metric`}>{t('admin.metric')}</Label>
          <LazySelect
            value={measure}
            onValueChange={setMeasure}
            options={[
              ...TARGET_METRICS.map((m) => ({ value: m as string, label: t(`metrics.${m}`) })),
              ...kpis.map((kpi) => ({ value: `${KPI_OPTION}${kpi.id}`, label: pickName(kpi.names, i18n.language) })),
            ]}
            aria-labelledby={`${id}-metric`}
            aria-describedby={leftOut.length > 0 ? `${id}-left-out` : undefined}
            className="w-full"
          />
        </div>
        <div className="space-y-1.5">
          <Label id={`${id}-period`}>{t('admin.period')}</Label>
          <LazySelect
            value={period}
            onValueChange={setPeriod}
            options={TARGET_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            aria-labelledby={`${id}-period`}
            className="w-full"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-value`}>
            {t('admin.value')}
            {isMoney && <span className="ml-1 font-normal text-muted-foreground">({format.currencySymbol})</span>}
          </Label>
          <Input
            id={`${id}-value`}
            inputMode={isMoney ? 'decimal' : 'numeric'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={errors.value ? `${id}-value-error` : undefined}
          />
          <FieldError id={`${id}-value-error`}>{errors.value}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-from`}>{t('admin.effectiveFrom')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            min={today}
            value={effectiveFrom}
            onChange={(e) => setEffectiveFrom(e.target.value)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${id}-from-error` : undefined}
          />
          <FieldError id={`${id}-from-error`}>{errors.date}</FieldError>
        </div>
        <Button type="submit" disabled={createTarget.isPending} className="sm:col-span-2 lg:col-span-1 lg:mt-5">
          {createTarget.isPending ? t('admin.saving') : t('admin.set')}
        </Button>
      </form>
      {leftOut.length > 0 && (
        <p id={`${id}-left-out`} className="text-sm text-muted-foreground">
          {t('admin.leftOut', { kpis: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(leftOut) })}
        </p>
      )}
    </div>
  );
}

const STATUS_VARIANTS = { active: 'success', upcoming: 'soft', ended: 'secondary' } as const;

function TargetsTable({ targets, nameOf }: { targets: Target[]; nameOf: (target: Target) => string }) {
  const { t, i18n } = useTranslation('targets');
  const format = useCompanyFormat();
  const endTarget = useEndTarget();
  return (
    <Table aria-label={t('admin.listTitle')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-5">{t('admin.member')}</TableHead>
          <TableHead>{t('admin.metric')}</TableHead>
          <TableHead className="text-right">{t('admin.value')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('admin.effectiveFrom')}</TableHead>
          <TableHead className="pr-5 text-right">
            <span className="sr-only">{t('actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {targets.map((target) => {
          const Icon = METRIC_ICONS[target.metric];
          const name = nameOf(target);
          const measure = nameMeasure(target, t, i18n.language);
          return (
            <TableRow key={target.id} data-testid="target-row">
              <TableCell className="pl-5">
                <p className="flex items-center gap-1.5 font-medium break-words">
                  {target.subjectKind === 'team' && <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
                  {name}
                </p>
                <span className="mt-1 flex flex-wrap gap-1">
                  {target.subjectKind === 'team' && <Badge variant="outline">{t('admin.teamTarget')}</Badge>}
                  <Badge variant={STATUS_VARIANTS[target.status]}>{t(`admin.status.${target.status}`)}</Badge>
                </span>
              </TableCell>
              <TableCell>
                <span className="flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span>
                    {measure}
                    <span className="block text-xs text-muted-foreground">{t(`periods.${target.period}`)}</span>
                  </span>
                </span>
                <span className="mt-1 block text-xs text-muted-foreground md:hidden">
                  {t('admin.from', { date: format.shortDay(target.effectiveFrom) })}
                </span>
              </TableCell>
              <TableCell className="text-right font-semibold tabular">{formatMetricValue(target, target.value, format)}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                {t('admin.from', { date: format.shortDay(target.effectiveFrom) })}
                {target.endsOn && <span className="block text-xs">{t('admin.until', { date: format.shortDay(target.endsOn) })}</span>}
              </TableCell>
              <TableCell className="pr-5 text-right">
                {target.status !== 'ended' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={endTarget.isPending}
                    aria-label={t('admin.endLabel', { metric: target.metric === 'kpi' ? measure : measure.toLowerCase(), name })}
                    onClick={() =>
                      endTarget.mutate(target.id, {
                        onSuccess: () => toast.success(t('admin.ended')),
                        onError: (error) => showErrorToast(t('admin.endError'), t('tryAgainText'), error),
                      })
                    }
                  >
                    {t('admin.end')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
