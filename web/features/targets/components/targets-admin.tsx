import { type Target, TARGET_METRICS, type TargetMetric } from '@core/contracts';
import { TARGET_PERIODS, type TargetPeriod } from '@core/pacing/target-periods';
import { isLocalDate } from '@core/period';
import { FlagIcon } from 'lucide-react';
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
import { useMembers } from '../api/get-members';
import { useTargets } from '../api/get-targets';
import { formatMetricValue, METRIC_ICONS } from '../lib/metrics';

type Member = { userId: string; displayName: string | null; email: string };
/** The member select's first option: nobody chosen yet (Radix selects take no empty value). */
const NO_MEMBER = 'none';
const nameOf = (member: Member | undefined, fallback: string) => member?.displayName?.trim() || member?.email || fallback;

/** Administration, Targets: the form that sets one, and every target set with its history. */
export function TargetsAdmin() {
  const { t } = useTranslation('targets');
  const members = useMembers();
  const targets = useTargets();
  const byId = new Map((members.data?.members ?? []).map((member) => [member.userId, member]));

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('admin.title')}</CardTitle>
          <CardDescription>{t('admin.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {members.isError ? (
            <LoadError title={t('admin.membersLoadError')} error={members.error} onRetry={() => void members.refetch()} />
          ) : members.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <TargetForm members={members.data.members} />
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
            <TargetsTable targets={targets.data.targets} nameOf={(userId) => nameOf(byId.get(userId), userId.slice(0, 8))} />
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

function TargetForm({ members }: { members: Member[] }) {
  const { t } = useTranslation('targets');
  const format = useCompanyFormat();
  const today = useCompanyToday();
  const createTarget = useCreateTarget();
  const id = useId();
  const [userId, setUserId] = useState(NO_MEMBER);
  const [metric, setMetric] = useState<TargetMetric>('calls');
  const [period, setPeriod] = useState<TargetPeriod>('week');
  const [value, setValue] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [errors, setErrors] = useState<{ member?: string; value?: string; date?: string }>({});

  const isMoney = metric === 'sales_value';
  const memberOptions = [
    { value: NO_MEMBER, label: t('admin.chooseMember') },
    ...members.map((member) => ({ value: member.userId, label: nameOf(member, member.email) })),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Sales value is typed in the currency's whole units and stored in minor units.
    const number = Number(value.trim().replace(/\s/g, '').replace(',', '.'));
    const amount = isMoney ? Math.round(number * 100) : number;
    const next = {
      member: userId !== NO_MEMBER ? undefined : t('admin.errors.member'),
      value: Number.isInteger(amount) && amount >= 1 && value.trim() !== '' ? undefined : t('admin.errors.value'),
      date: effectiveFrom && effectiveFrom >= today ? undefined : t('admin.errors.date'),
    };
    setErrors(next);
    if (next.member || next.value || next.date || !isLocalDate(effectiveFrom)) return;
    createTarget.mutate(
      { userId, metric, period, value: amount, effectiveFrom },
      {
        onSuccess: () => {
          toast.success(t('admin.saved'), {
            description: t('admin.savedText', {
              name: nameOf(
                members.find((member) => member.userId === userId),
                '',
              ),
              metric: t(`metrics.${metric}`),
              value: formatMetricValue(metric, amount, format),
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_1.2fr_auto] lg:items-start">
      <div className="space-y-1.5">
        <Label id={`${id}-member`}>{t('admin.member')}</Label>
        <LazySelect value={userId} onValueChange={setUserId} options={memberOptions} aria-labelledby={`${id}-member`} className="w-full" />
        <FieldError id={`${id}-member-error`}>{errors.member}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label id={`${id}-metric`}>{t('admin.metric')}</Label>
        <LazySelect
          value={metric}
          onValueChange={setMetric}
          options={TARGET_METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))}
          aria-labelledby={`${id}-metric`}
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
  );
}

const STATUS_VARIANTS = { active: 'success', upcoming: 'soft', ended: 'secondary' } as const;

function TargetsTable({ targets, nameOf }: { targets: Target[]; nameOf: (userId: string) => string }) {
  const { t } = useTranslation('targets');
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
            <span className="sr-only">{t('admin.end')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {targets.map((target) => {
          const Icon = METRIC_ICONS[target.metric];
          const name = nameOf(target.userId);
          return (
            <TableRow key={target.id} data-testid="target-row">
              <TableCell className="pl-5">
                <p className="font-medium break-words">{name}</p>
                <Badge variant={STATUS_VARIANTS[target.status]} className="mt-1">
                  {t(`admin.status.${target.status}`)}
                </Badge>
              </TableCell>
              <TableCell>
                <span className="flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span>
                    {t(`metrics.${target.metric}`)}
                    <span className="block text-xs text-muted-foreground">{t(`periods.${target.period}`)}</span>
                  </span>
                </span>
                <span className="mt-1 block text-xs text-muted-foreground md:hidden">
                  {t('admin.from', { date: format.shortDay(target.effectiveFrom) })}
                </span>
              </TableCell>
              <TableCell className="text-right font-semibold tabular">{formatMetricValue(target.metric, target.value, format)}</TableCell>
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
                    aria-label={t('admin.endLabel', { metric: t(`metrics.${target.metric}`).toLowerCase(), name })}
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
