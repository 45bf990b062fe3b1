import {
  ACTIVITY_TYPE_TEMPLATES,
  type ActivityType,
  type ActivityTypeTemplate,
  type BonusKind,
  type BuiltInKind,
  type BuiltInKindBonus,
  type RenamedKind,
} from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeLogOptions, OPTIONAL_KINDS } from '@core/kpi';
import { ArchiveIcon, ArchiveRestoreIcon, CoinsIcon, GiftIcon, PencilIcon, PlusIcon, ShapesIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_LOOKS } from '@web/components/activity-icon';
import { ActivityTypeBadge } from '@web/components/activity-type-icon';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { findErrorReason } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useKpiRules } from '@web/lib/queries/get-kpi-rules';
import { useUpdateKpiRule } from '@web/lib/queries/update-kpi-rule';
import { useAddActivityTypeTemplate } from '../api/add-activity-type-template';
import { useArchiveActivityType } from '../api/archive-activity-type';
import { useDeleteActivityType } from '../api/delete-activity-type';
import { ActivityTypeEditor } from './activity-type-editor';
import { BuiltInKindBonusDialog } from './built-in-kind-bonus-dialog';
import { BuiltInKindNamesDialog } from './built-in-kind-names-dialog';
import { BuiltInKindPointsDialog } from './built-in-kind-points-dialog';

/** The five built-in kinds as the list shows them: their look and their name in the activity words. */
const BUILT_IN = [
  { type: 'call_answered', label: 'call' },
  { type: 'meeting', label: 'meeting' },
  { type: 'sale', label: 'sale' },
  { type: 'email', label: 'email' },
  { type: 'linkedin', label: 'linkedin' },
] as const;

/**
 * Administration → Activity types (decision 100): the five built-in kinds, and the company's own
 * types to create from scratch or from a template, change, archive, restore and delete.
 */
export function ActivityTypesSettings() {
  const { t } = useTranslation('settings');
  const types = useActivityTypes();
  const [editing, setEditing] = useState<ActivityType | 'new' | null>(null);
  const list = types.data?.types ?? [];

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle>{t('activityTypes.title')}</CardTitle>
            <CardDescription>{t('activityTypes.description')}</CardDescription>
          </div>
          <Button onClick={() => setEditing('new')}>
            <PlusIcon /> {t('activityTypes.new')}
          </Button>
        </CardHeader>
        <CardContent className="space-y-6">
          <BuiltInKinds bonuses={types.data?.builtIn} renamedKinds={types.data?.renamedKinds} />
          {types.isError && !types.data ? (
            <LoadError title={t('activityTypes.loadFailed')} error={types.error} onRetry={types.refetch} layout="stacked" />
          ) : types.isPending ? (
            <div className="space-y-3" aria-label={t('activityTypes.loading')}>
              {Array.from({ length: 2 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : list.length === 0 ? (
            <EmptyState
              icon={ShapesIcon}
              title={t('activityTypes.emptyTitle')}
              description={t('activityTypes.emptyText')}
              action={<Templates />}
            />
          ) : (
            <section className="space-y-3" aria-labelledby="own-types-heading">
              <h3 id="own-types-heading" className="text-sm font-medium">
                {t('activityTypes.yours')}
              </h3>
              <ul className="divide-y rounded-lg border" aria-labelledby="own-types-heading">
                {list.map((type) => (
                  <TypeRow key={type.id} type={type} onEdit={() => setEditing(type)} />
                ))}
              </ul>
              <div className="space-y-2 pt-2">
                <p className="text-sm text-muted-foreground">{t('activityTypes.moreFromTemplates')}</p>
                <Templates />
              </div>
            </section>
          )}
        </CardContent>
      </Card>
      {editing !== null && (
        <ActivityTypeEditor open onOpenChange={(open) => !open && setEditing(null)} type={editing === 'new' ? null : editing} />
      )}
    </div>
  );
}

function BuiltInKinds({
  bonuses,
  renamedKinds,
}: {
  bonuses: readonly BuiltInKindBonus[] | undefined;
  renamedKinds: readonly RenamedKind[] | undefined;
}) {
  const { t, i18n } = useTranslation('settings');
  const { data: me } = useMe();
  const [editing, setEditing] = useState<BonusKind | null>(null);
  const [renaming, setRenaming] = useState<BuiltInKind | null>(null);
  const [pricing, setPricing] = useState<BuiltInKind | null>(null);
  const bonusOf = (kind: string) => bonuses?.find((entry) => entry.key === kind);
  const renamedOf = (kind: BuiltInKind) => renamedKinds?.find((entry) => entry.key === kind)?.names ?? null;
  // A kind the company renamed (decision 116) is listed by its name, with the app's beside it.
  const nameOf = (kind: BuiltInKind) => {
    const renamed = renamedOf(kind);
    return renamed ? pickName(renamed, i18n.language, me?.company?.language) : t(`activityTypes.builtInKinds.${kind}`);
  };
  const editingName = editing ? nameOf(editing) : '';
  // What each kind is worth now, as the log buttons promise it (the point rules, KPI Rules).
  const rules = useKpiRules().data?.rules;
  const options = useMemo(() => (rules ? computeLogOptions(rules) : undefined), [rules]);
  const pointsOf = (kind: BuiltInKind): string | null => {
    if (!options) return null;
    if (kind === 'call') {
      const all = [options.kindPoints.call_unanswered, ...Object.values(options.outcomePoints)];
      const [min, max] = [Math.min(...all), Math.max(...all)];
      return min === max ? t('activityTypes.summary.points', { count: max }) : t('activityTypes.kindPoints.range', { min, max });
    }
    if (!options.enabledKinds[kind]) return t('activityTypes.kindPoints.off');
    if (kind === 'sale' && options.hasTicketSizePoints) return t('activityTypes.kindPoints.from', { count: options.kindPoints.sale });
    return t('activityTypes.summary.points', { count: options.kindPoints[kind] });
  };
  // A kind only some teams log (held meetings, e-mail, LinkedIn) is turned on or off here too, by its
  // point rule (as under KPI Rules): off, it leaves the log menus and keeps its history, as an archived type.
  const updateRule = useUpdateKpiRule();
  const ruleOf = (kind: BuiltInKind) => {
    if (!(kind in OPTIONAL_KINDS)) return undefined;
    const key = OPTIONAL_KINDS[kind as keyof typeof OPTIONAL_KINDS];
    return rules?.find((rule) => rule.kpiKey === key);
  };
  const switchKind = (kind: BuiltInKind, name: string, enabled: boolean) => {
    const rule = ruleOf(kind);
    // One change at a time; the switch stays enabled so it keeps the keyboard's focus.
    if (!rule || updateRule.isPending) return;
    updateRule.mutate(
      { id: rule.id, enabled },
      {
        onSuccess: () => toast.success(t(enabled ? 'activityTypes.kindSwitch.on' : 'activityTypes.kindSwitch.off', { kind: name })),
        onError: (error) => toast.error(t('activityTypes.kindSwitch.failed'), { description: findErrorReason(error) }),
      },
    );
  };
  return (
    <section className="space-y-2" aria-labelledby="built-in-heading">
      <h3 id="built-in-heading" className="text-sm font-medium">
        {t('activityTypes.builtIn')}
      </h3>
      <ul className="divide-y rounded-lg border" aria-labelledby="built-in-heading">
        {BUILT_IN.map(({ type, label }) => {
          const { icon: Icon, tone } = ACTIVITY_LOOKS[type];
          const name = nameOf(label);
          const entry = bonusOf(label);
          const renamed = renamedOf(label);
          return (
            <li key={type} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone)} aria-hidden>
                <Icon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {name}
                  {renamed && (
                    <span className="text-xs font-normal text-muted-foreground">
                      {' · '}
                      {t('activityTypes.rename.appNameShort', { name: t(`activityTypes.builtInKinds.${label}`) })}
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {[
                    pointsOf(label),
                    label === 'call'
                      ? t('activityTypes.kindBonus.callRule')
                      : entry?.bonus
                        ? t('activityTypes.summary.bonus', { points: entry.bonus.points, threshold: entry.bonus.threshold })
                        : entry
                          ? t('activityTypes.kindBonus.none')
                          : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '\u00a0'}
                </p>
              </div>
              {/* On a phone the switch and buttons take a line of their own, so the name is not cut. */}
              <div className="flex items-center gap-1 max-sm:basis-full max-sm:justify-end">
                {ruleOf(label) && (
                  <Switch
                    checked={ruleOf(label)!.enabled}
                    onCheckedChange={(enabled) => switchKind(label, name, enabled)}
                    aria-label={t('activityTypes.kindSwitch.label', { kind: name })}
                  />
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRenaming(label)}
                  disabled={!renamedKinds}
                  aria-label={t('activityTypes.rename.title', { kind: name })}
                >
                  <PencilIcon /> <span className="max-sm:sr-only">{t('activityTypes.rename.button')}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setPricing(label)}
                  disabled={!rules}
                  aria-label={t('activityTypes.kindPointsDialog.title', { kind: name })}
                >
                  <CoinsIcon /> <span className="max-sm:sr-only">{t('activityTypes.kindPointsDialog.button')}</span>
                </Button>
                {label !== 'call' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(label)}
                    disabled={!entry}
                    aria-label={t('activityTypes.kindBonus.title', { kind: name })}
                  >
                    <GiftIcon /> <span className="max-sm:sr-only">{t('activityTypes.bonus')}</span>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        {t('activityTypes.builtInHint')}{' '}
        <Link to={paths.admin.kpi} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('activityTypes.builtInLink')}
        </Link>
      </p>
      {editing !== null && (
        <BuiltInKindBonusDialog
          kind={editing}
          name={editingName}
          bonus={bonusOf(editing)?.bonus ?? null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {pricing !== null && rules && (
        <BuiltInKindPointsDialog
          kind={pricing}
          name={nameOf(pricing)}
          rules={rules}
          currency={me?.company?.currency ?? 'NOK'}
          off={ruleOf(pricing)?.enabled === false}
          onOpenChange={(open) => !open && setPricing(null)}
        />
      )}
      {renaming !== null && (
        <BuiltInKindNamesDialog
          kind={renaming}
          name={nameOf(renaming)}
          renamed={renamedOf(renaming)}
          onOpenChange={(open) => !open && setRenaming(null)}
        />
      )}
    </section>
  );
}

function Templates() {
  const { t } = useTranslation('settings');
  const add = useAddActivityTypeTemplate();
  const [adding, setAdding] = useState<ActivityTypeTemplate | null>(null);
  const onAdd = async (template: ActivityTypeTemplate) => {
    setAdding(template);
    try {
      await add.mutateAsync(template);
      toast.success(t('activityTypes.templateAdded', { template: t(`activityTypes.templates.${template}`) }));
    } catch (error) {
      toast.error(t('activityTypes.templateFailed'), { description: findErrorReason(error) });
    } finally {
      setAdding(null);
    }
  };
  return (
    <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
      {ACTIVITY_TYPE_TEMPLATES.map((template) => (
        <Button key={template} variant="outline" size="sm" disabled={adding !== null} onClick={() => void onAdd(template)}>
          <PlusIcon /> {t(`activityTypes.templates.${template}`)}
        </Button>
      ))}
    </div>
  );
}

function TypeRow({ type, onEdit }: { type: ActivityType; onEdit: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const { data: me } = useMe();
  const archive = useArchiveActivityType();
  const remove = useDeleteActivityType();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const name = pickName(type.names, i18n.language, me?.company?.language);
  const outcomes = type.outcomes.filter((o) => !o.archived).length;
  const fields = type.fields.filter((f) => !f.archived).length;
  const archived = type.archivedAt !== null;

  const onArchive = async () => {
    try {
      await archive.mutateAsync({ id: type.id, archived: !archived });
      toast.success(archived ? t('activityTypes.restored', { name }) : t('activityTypes.archived', { name }));
    } catch (error) {
      toast.error(t('activityTypes.changeFailed'), { description: findErrorReason(error) });
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(type.id);
      toast.success(t('activityTypes.deleted', { name }));
      setConfirmingDelete(false);
    } catch (error) {
      toast.error(t('activityTypes.changeFailed'), { description: findErrorReason(error) });
    }
  };

  return (
    <li className={cn('flex flex-wrap items-center gap-3 p-3', archived && 'bg-muted/40')}>
      <ActivityTypeBadge icon={type.icon} colour={type.colour} className={cn(archived && 'opacity-60')} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {archived && <Badge variant="secondary">{t('activityTypes.archivedBadge')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {[
            t('activityTypes.summary.points', { count: type.points }),
            t('activityTypes.summary.outcomes', { count: outcomes }),
            t('activityTypes.summary.fields', { count: fields }),
            ...(type.bonus ? [t('activityTypes.summary.bonus', { points: type.bonus.points, threshold: type.bonus.threshold })] : []),
          ].join(' · ')}
        </p>
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('activityTypes.editNamed', { name })}>
          <PencilIcon /> <span className="max-sm:sr-only">{t('activityTypes.edit')}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void onArchive()}
          disabled={archive.isPending}
          aria-label={archived ? t('activityTypes.restoreNamed', { name }) : t('activityTypes.archiveNamed', { name })}
        >
          {archived ? <ArchiveRestoreIcon /> : <ArchiveIcon />}
          <span className="max-sm:sr-only">{archived ? t('activityTypes.restore') : t('activityTypes.archive')}</span>
        </Button>
        {!type.inUse && (
          <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(true)} aria-label={t('activityTypes.deleteNamed', { name })}>
            <Trash2Icon /> <span className="max-sm:sr-only">{t('activityTypes.delete')}</span>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('activityTypes.deleteTitle', { name })}
        description={t('activityTypes.deleteText')}
        confirmLabel={t('activityTypes.delete')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
