import type { Kpi, KpiFormula } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeLocalDate, type LocalDate, startOfMonth } from '@core/period';
import type { TFunction } from 'i18next';
import { GaugeIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { findErrorReason } from '@web/lib/api';
import { lowerInSentence } from '@web/lib/in-sentence';
import { useMe } from '@web/lib/auth/get-me';
import { formatKpiValue } from '@web/lib/format-kpi';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useKpis, useKpiValues } from '@web/lib/queries/get-kpis';
import { useDeleteKpi } from '../api/delete-kpi';
import { listTypeShapes, nameSharedField } from '../lib/kpi-form';
import { KpiEditor } from './kpi-editor';

type Namer = (names: Record<string, string>) => string;

/** What a KPI computes, in a line: "Count: Call · Meeting booked only", "Meetings booked ÷ Answered calls". */
export function describeFormula(
  formula: KpiFormula,
  context: { kpis: readonly Kpi[]; types: ReturnType<typeof listTypeShapes>; nameOf: Namer; t: TFunction },
) {
  const { kpis, types, nameOf, t } = context;
  if (formula.kind !== 'aggregate') {
    const name = (id: string) => {
      const kpi = kpis.find((k) => k.id === id);
      return kpi ? nameOf(kpi.names) : t('settings:kpis.summary.unknown');
    };
    return t(`settings:kpis.summary.${formula.kind}`, { left: name(formula.left), right: name(formula.right) });
  }
  const chosen = types.filter((type) => formula.typeIds.includes(type.id));
  const typeNames = chosen.length === 0 ? t('settings:kpis.summary.everyType') : chosen.map((type) => nameOf(type.names)).join(', ');
  const fieldName = (fieldId: string) => {
    if (fieldId === 'points') return t('settings:kpis.ofPoints').toLowerCase();
    return nameSharedField(chosen, formula.typeIds, fieldId, (names) => lowerInSentence(nameOf(names))) ?? fieldId;
  };
  const parts = [t(`settings:kpis.summary.${formula.aggregate}`, { types: typeNames, of: formula.of ? fieldName(formula.of) : '' })];
  if (formula.outcomeIds.length > 0) {
    const outcomes = chosen.flatMap((type) => type.outcomes).filter((o) => formula.outcomeIds.includes(o.id));
    parts.push(t('settings:kpis.summary.outcomes', { outcomes: [...new Set(outcomes.map((o) => nameOf(o.names)))].join(', ') }));
  }
  if (formula.where) {
    const where = formula.where;
    const field = chosen.flatMap((type) => type.fields).find((f) => f.id === where.fieldId);
    const values = where.values.map((value) =>
      value === 'yes'
        ? t('settings:kpis.yes')
        : value === 'no'
          ? t('settings:kpis.no')
          : nameOf(field?.options.find((o) => o.id === value)?.names ?? {}),
    );
    parts.push(
      t('settings:kpis.summary.where', { field: field ? lowerInSentence(nameOf(field.names)) : where.fieldId, values: values.join(', ') }),
    );
  }
  return parts.join(' · ');
}

/**
 * Administration → KPIs (decision 101): the built-in KPIs and the company's own, each with this
 * month's figure for the whole company, to create, change and delete.
 */
export function KpisSettings() {
  const { t, i18n } = useTranslation('settings');
  const { data: me } = useMe();
  const kpis = useKpis();
  const activityTypes = useActivityTypes().data;
  const ownTypes = activityTypes?.types ?? [];
  const timeZone = me?.company?.timezone ?? 'Europe/Oslo';
  const today = computeLocalDate(new Date(), timeZone);
  const values = useKpiValues({ from: startOfMonth(today as LocalDate), to: today, totalOnly: 'true' });
  const [editing, setEditing] = useState<Kpi | 'new' | null>(null);
  const list = kpis.data?.kpis ?? [];
  const nameOf: Namer = (names) => pickName(names, i18n.language, me?.company?.language);
  const types = listTypeShapes(
    ownTypes,
    list.flatMap((kpi) => (kpi.formula.kind === 'aggregate' ? kpi.formula.typeIds : [])),
    undefined,
    activityTypes?.renamedKinds,
  );
  const totalOf = (kpi: Kpi) => {
    const value = values.data?.kpis.find((v) => v.id === kpi.id);
    if (!value) return null;
    return formatKpiValue(value.total, kpi, { language: i18n.language, currency: me?.company?.currency ?? 'NOK' });
  };
  const builtIn = list.filter((kpi) => kpi.builtIn);
  const own = list.filter((kpi) => !kpi.builtIn);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle>{t('kpis.title')}</CardTitle>
            <CardDescription>{t('kpis.description')}</CardDescription>
          </div>
          <Button onClick={() => setEditing('new')} disabled={!kpis.data}>
            <PlusIcon /> {t('kpis.new')}
          </Button>
        </CardHeader>
        <CardContent className="space-y-6">
          {kpis.isError && !kpis.data ? (
            <LoadError title={t('kpis.loadFailed')} error={kpis.error} onRetry={kpis.refetch} layout="stacked" />
          ) : kpis.isPending ? (
            <div className="space-y-3" aria-label={t('kpis.loading')}>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : (
            <>
              <section className="space-y-2" aria-labelledby="built-in-kpis-heading">
                <h3 id="built-in-kpis-heading" className="text-sm font-medium">
                  {t('kpis.builtIn')}
                </h3>
                <ul className="grid grid-cols-2 gap-2 lg:grid-cols-4">
                  {builtIn.map((kpi) => (
                    <li key={kpi.id} className="rounded-lg border px-3 py-2">
                      <p className="text-sm text-muted-foreground">{nameOf(kpi.names)}</p>
                      <div className="text-lg font-semibold tabular-nums" title={t('kpis.thisMonth')}>
                        {totalOf(kpi) ?? <Skeleton className="mt-1 h-6 w-16" />}
                      </div>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">{t('kpis.builtInHint')}</p>
              </section>
              {own.length === 0 ? (
                <EmptyState
                  icon={GaugeIcon}
                  title={t('kpis.emptyTitle')}
                  description={t('kpis.emptyText')}
                  action={
                    <Button variant="outline" onClick={() => setEditing('new')}>
                      <PlusIcon /> {t('kpis.new')}
                    </Button>
                  }
                />
              ) : (
                <section className="space-y-3" aria-labelledby="own-kpis-heading">
                  <h3 id="own-kpis-heading" className="text-sm font-medium">
                    {t('kpis.yours')}
                  </h3>
                  <ul className="divide-y rounded-lg border" aria-labelledby="own-kpis-heading">
                    {own.map((kpi) => (
                      <KpiRow
                        key={kpi.id}
                        kpi={kpi}
                        name={nameOf(kpi.names)}
                        summary={describeFormula(kpi.formula, { kpis: list, types, nameOf, t })}
                        total={totalOf(kpi)}
                        onEdit={() => setEditing(kpi)}
                      />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </CardContent>
      </Card>
      {editing !== null && (
        <KpiEditor open onOpenChange={(open) => !open && setEditing(null)} kpi={editing === 'new' ? null : editing} kpis={list} />
      )}
    </div>
  );
}

function KpiRow({
  kpi,
  name,
  summary,
  total,
  onEdit,
}: {
  kpi: Kpi;
  name: string;
  summary: string;
  total: string | null;
  onEdit: () => void;
}) {
  const { t } = useTranslation('settings');
  const remove = useDeleteKpi();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const onDelete = async () => {
    try {
      await remove.mutateAsync(kpi.id);
      toast.success(t('kpis.deleted', { name }));
      setConfirmingDelete(false);
    } catch (error) {
      toast.error(t('kpis.changeFailed'), { description: findErrorReason(error) });
      setConfirmingDelete(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary" aria-hidden>
        <GaugeIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </div>
      {/* On a phone the figure and the buttons take a line of their own under the name. */}
      <div className="flex items-center gap-3 max-sm:w-full max-sm:justify-between max-sm:ps-12">
        <div className="sm:text-end">
          <p className="text-xs text-muted-foreground">{t('kpis.thisMonth')}</p>
          <p className="font-semibold tabular-nums">{total ?? '…'}</p>
        </div>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('kpis.editNamed', { name })}>
            <PencilIcon /> <span className="max-sm:sr-only">{t('kpis.edit')}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(true)} aria-label={t('kpis.deleteNamed', { name })}>
            <Trash2Icon /> <span className="max-sm:sr-only">{t('kpis.delete')}</span>
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('kpis.deleteTitle', { name })}
        description={t('kpis.deleteText')}
        confirmLabel={t('kpis.delete')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
