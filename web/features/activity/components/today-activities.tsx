import { pickName } from '@core/activity-types';
import type { Activity } from '@core/contracts';
import { truncateText } from '@core/stats';
import { AlertCircleIcon, EllipsisVerticalIcon, GiftIcon, HistoryIcon, PencilIcon, PhoneIcon, Trash2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useLoggingDays } from '../api/get-logging-days';
import { useMyActivities } from '../api/get-my-activities';
import { LazySelect } from '@web/components/ui/lazy-select';
import { ActivityIcon } from '@web/components/activity-icon';
import { useKindNames } from '@web/lib/kind-names';
import { ActivityTypeBadge } from '@web/components/activity-type-icon';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { describeOwnTypeValues } from '@web/lib/own-type-values';
import type { LogRules } from '../lib/use-log-rules';
import { DialogLoading } from '@web/components/dialog-loading';
import { LoadOnIntent } from '@web/components/load-on-intent';
import { importOrReload } from '@web/lib/lazy-import';

// The corrections' code (the edit form, the delete confirmation, the phone's row menu) loads when
// first used, not with My Activity (decision 085); the service worker installs it with the screen.
const EditActivityDialog = lazy(() =>
  importOrReload(() => import('./edit-activity-dialog')).then((module) => ({ default: module.EditActivityDialog })),
);
const DeleteActivityDialog = lazy(() =>
  importOrReload(() => import('./delete-activity-dialog')).then((module) => ({ default: module.DeleteActivityDialog })),
);
const loadRowMenu = () => importOrReload(() => import('./activity-row-menu'));
const ActivityRowMenu = lazy(() => loadRowMenu().then((module) => ({ default: module.ActivityRowMenu })));

const NOTES_PREVIEW_MAX = 120;

/** Today's Activities: newest first, live (its query key starts with 'activities'). */
export function TodayActivities({
  onLogCall,
  rules,
  date,
}: {
  onLogCall: () => void;
  rules: LogRules | undefined;
  date: string | undefined;
}) {
  const { t } = useTranslation('activity');
  const { user } = useAuth();
  const format = useCompanyFormat();
  // '' is today; an earlier day of the late-logging window shows that day's own activities (decision 041).
  const [day, setDay] = useState('');
  const loggingDays = useLoggingDays();
  const query = useMyActivities(day);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  // Each dialog is mounted from its first use on, so that it closes with its animation.
  const [mounted, setMounted] = useState({ edit: false, delete: false });
  if ((editing && !mounted.edit) || (deleting && !mounted.delete)) {
    setMounted({ edit: mounted.edit || editing !== null, delete: mounted.delete || deleting !== null });
  }
  const activities = query.data?.activities ?? [];
  // One's own activities of the days listed can change (the server checks the window too).
  const today = loggingDays.today ?? date;
  const canChange = (a: Activity) => a.userId === user?.id && (a.localDate === today || loggingDays.days.includes(a.localDate));
  const dayOptions = loggingDays.days.map((d, back) => ({
    value: back === 0 ? '' : d,
    label: back === 0 ? t('day.today') : back === 1 ? t('day.yesterday', { date: format.shortDay(d) }) : format.shortDay(d),
  }));

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row items-center justify-between gap-3 border-b pb-4">
        <div className="flex items-center gap-2">
          <CardTitle>
            <span id="today-heading">{day === '' ? t('list.heading') : t('list.headingOfDay', { date: format.shortDay(day) })}</span>
          </CardTitle>
          <Badge variant="success" className={cn('gap-1.5', day !== '' && 'hidden')}>
            <span className="relative flex size-1.5" aria-hidden>
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
              <span className="relative inline-flex size-1.5 rounded-full bg-success" />
            </span>
            {t('list.live')}
          </Badge>
        </div>
        <div className="flex items-center gap-3">
          {query.isSuccess && activities.length > 0 && (
            <span className="tabular hidden text-sm text-muted-foreground sm:inline">{t('list.count', { count: activities.length })}</span>
          )}
          {dayOptions.length > 1 && (
            <LazySelect
              value={day}
              onValueChange={setDay}
              options={dayOptions}
              aria-label={t('list.chooseDay')}
              className="h-8 w-auto min-w-32"
            />
          )}
        </div>
      </CardHeader>
      <CardContent className="p-0">
        {query.isPending ? (
          <ActivityListSkeleton />
        ) : query.isError ? (
          <div className="p-5">
            <Alert variant="destructive">
              <AlertCircleIcon />
              <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
                {t('list.loadError')}
                <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              </AlertDescription>
            </Alert>
          </div>
        ) : activities.length === 0 ? (
          <div className="p-5">
            <EmptyState
              icon={PhoneIcon}
              title={day === '' ? t('list.emptyTitle') : t('list.emptyTitleOfDay')}
              description={day === '' ? t('list.emptyText') : t('list.emptyTextOfDay')}
              action={
                <Button size="sm" onClick={onLogCall}>
                  {t('list.logFirstCall')}
                </Button>
              }
            />
          </div>
        ) : (
          <ul aria-labelledby="today-heading" className="divide-y">
            {activities.map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                canChange={canChange(activity)}
                onEdit={() => setEditing(activity)}
                onDelete={() => setDeleting(activity)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={<DialogLoading />}>
        {mounted.edit && <EditActivityDialog activity={editing} onOpenChange={(open) => !open && setEditing(null)} rules={rules} />}
        {mounted.delete && <DeleteActivityDialog activity={deleting} onOpenChange={(open) => !open && setDeleting(null)} />}
      </Suspense>
    </Card>
  );
}

function ActivityRow({
  activity,
  canChange,
  onEdit,
  onDelete,
}: {
  activity: Activity;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('activity');
  const format = useCompanyFormat();
  const { me } = useAuth();
  // One of the company's own types (decision 100): its name, look and outcome, from the types (archived ones too).
  const ownType = useActivityTypes().data?.types.find((type) => type.id === activity.typeId);
  const nameOf = (names: Record<string, string>) => pickName(names, i18n.language, me?.company?.language);
  const ownOutcome = ownType?.outcomes.find((outcome) => outcome.id === activity.outcomeId);
  const kindNames = useKindNames();
  const label = ownType ? nameOf(ownType.names) : kindNames.label(activity.type);
  const own = ownType
    ? describeOwnTypeValues(ownType.fields, activity.fieldValues, { format, nameOf, yes: t('custom.yes'), no: t('custom.no') })
    : null;
  const isPositive = activity.pointsEarned > 0;
  // Rows look alike to a screen reader: name the one an action belongs to.
  const rowName = [label, activity.customerName, format.time(activity.createdAt)].filter(Boolean).join(', ');
  return (
    <li className="group flex items-start gap-3 px-4 py-3.5 transition-colors hover:bg-muted/40 sm:px-5" data-testid="activity-row">
      {ownType ? (
        <ActivityTypeBadge icon={ownType.icon} colour={ownType.colour} className="mt-0.5" />
      ) : (
        <ActivityIcon type={activity.type} className="mt-0.5" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{label}</span>
          {activity.type === 'call_answered' && activity.outcome && activity.outcome !== 'no_progress' && (
            <Badge variant={activity.outcome === 'meeting_booked' ? 'success' : 'soft'}>{t(`outcomes.${activity.outcome}`)}</Badge>
          )}
          {activity.type === 'call_answered' && activity.outcome === 'no_progress' && (
            <Badge variant="secondary">{t('outcomes.no_progress')}</Badge>
          )}
          {ownOutcome && <Badge variant="soft">{nameOf(ownOutcome.names)}</Badge>}
          {activity.type === 'sale' && activity.ticketSize !== null && (
            <span className="tabular font-semibold text-foreground">{format.money(activity.ticketSize)}</span>
          )}
          {own?.amount && <span className="tabular font-semibold text-foreground">{own.amount}</span>}
          {activity.dailyBonus && (
            <Badge variant="warning">
              <GiftIcon aria-hidden /> {t('list.dailyBonus')}
            </Badge>
          )}
          {activity.loggedLate && <LoggedLateBadge />}
        </div>
        {/* The time stays in view however long the customer's name: only the rest is cut. */}
        <p className="mt-0.5 flex min-w-0 text-sm text-muted-foreground">
          <span className="truncate">
            {/* An italic last letter leans out of its box: a little room keeps the cut-off edge from clipping it ("Ingen kund"). */}
            <span className={cn(!activity.customerName && 'pe-[0.15em] italic')}>{activity.customerName ?? t('list.noCustomer')}</span>
            {activity.productName && <> · {activity.productName}</>}
            {own?.details.map((detail) => (
              <span key={detail}> · {detail}</span>
            ))}
          </span>
          <span className="shrink-0 whitespace-pre">
            {' · '}
            <time dateTime={activity.createdAt}>{format.time(activity.createdAt)}</time>
          </span>
        </p>
        {activity.notes && <p className="mt-1 text-sm break-words text-foreground/80">{truncateText(activity.notes, NOTES_PREVIEW_MAX)}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <span
          className={cn(
            'tabular rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap sm:mr-1',
            isPositive ? 'bg-success-soft text-success-strong' : 'bg-muted text-muted-foreground',
          )}
        >
          {isPositive ? t('plusPts', { count: activity.pointsEarned }) : t('pts', { count: activity.pointsEarned })}
        </span>
        {canChange && (
          <>
            <div className="hidden items-center gap-1 sm:flex">
              <RowAction label={t('list.edit', { activity: rowName })} onClick={onEdit}>
                <PencilIcon />
              </RowAction>
              <RowAction label={t('list.delete', { activity: rowName })} onClick={onDelete} className="hover:text-destructive">
                <Trash2Icon />
              </RowAction>
            </div>
            {/* On a phone one menu button leaves the row's text the room it needs. */}
            <RowMenu label={t('list.actions', { activity: rowName })} onEdit={onEdit} onDelete={onDelete} />
          </>
        )}
      </div>
    </li>
  );
}

function RowAction({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('size-8 text-muted-foreground', className)} onClick={onClick} aria-label={label}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

function ActivityListSkeleton() {
  return (
    <ul className="divide-y" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-5 py-4">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-6 w-14 rounded-full" />
        </li>
      ))}
    </ul>
  );
}

/** Logged for, or moved to, an earlier day than it was written on (decision 041). */
export function LoggedLateBadge() {
  const { t } = useTranslation('activity');
  return (
    <Badge variant="secondary" data-testid="logged-late">
      <HistoryIcon aria-hidden /> {t('list.loggedLate')}
    </Badge>
  );
}

/** The phone's one menu button on a row: a plain button until first pressed, then Radix's menu, open. */
function RowMenu({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <LoadOnIntent
      preload={loadRowMenu}
      trigger={(triggerProps) => (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground sm:hidden"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={false}
          {...triggerProps}
        >
          <EllipsisVerticalIcon />
        </Button>
      )}
    >
      <ActivityRowMenu label={label} onEdit={onEdit} onDelete={onDelete} defaultOpen />
    </LoadOnIntent>
  );
}
