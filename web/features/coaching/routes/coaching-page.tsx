import type { CoachingPerson, CoachingWrapupItem } from '@core/contracts';
import { addDays, isLocalDate, type LocalDate } from '@core/period';
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon, ClipboardListIcon, LockIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiRequestError } from '@web/lib/api';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { paths } from '@web/lib/paths';
import { type CoachingWrapupFilter, useCoachingWrapups } from '../api/get-coaching-wrapups';
import { CoachingNotes } from '../components/coaching-notes';
import { CoachingWrapupList } from '../components/coaching-wrapup-list';

/**
 * Coaching (/app/coaching, decision 045): a lead's people's wrap-ups, by day (?date=) or by person
 * (?member=, with the private 1:1 notes beside them), unread first. The server refuses anyone who
 * leads no team and is not an admin.
 */
export function Component() {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  const [params, setParams] = useSearchParams();
  const today = format.localDay(new Date().toISOString()) as LocalDate;
  const member = params.get('member') ?? undefined;
  const wantedDate = params.get('date');
  const date = wantedDate !== null && isLocalDate(wantedDate) && wantedDate <= today ? (wantedDate as LocalDate) : today;
  const view = member !== undefined || params.get('view') === 'person' ? 'person' : 'day';
  // Person view without a person yet: the day's list still brings the people to choose from.
  const filter: CoachingWrapupFilter = member !== undefined ? { memberId: member } : { date };
  const list = useCoachingWrapups(filter);

  const go = (next: Record<string, string | undefined>) =>
    setParams(
      () => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(next)) if (value) search.set(key, value);
        return search;
      },
      { replace: true },
    );

  const refused = list.error instanceof ApiRequestError && list.error.status === 403;
  const unknownMember = list.error instanceof ApiRequestError && list.error.status === 404;
  const data = list.data;
  const people = data?.people ?? [];
  const chosen = people.find((person) => person.userId === member);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          data && data.unreadCount > 0 ? (
            <Badge className="px-2.5 py-1 text-sm">{t('unread', { count: data.unreadCount })}</Badge>
          ) : undefined
        }
      />

      {refused ? (
        <EmptyState icon={LockIcon} title={t('refused.title')} description={t('refused.text')} />
      ) : list.isError && !unknownMember ? (
        <LoadError title={t('loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : data && people.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t('list.noPeople')} description={t('list.noPeopleText')} />
      ) : (
        <Tabs value={view} onValueChange={(value) => go(value === 'person' ? { view: 'person' } : { date: wantedDate ?? undefined })}>
          <TabsList aria-label={t('view.label')}>
            <TabsTrigger value="day">
              <CalendarDaysIcon aria-hidden /> {t('view.day')}
            </TabsTrigger>
            <TabsTrigger value="person">
              <UsersIcon aria-hidden /> {t('view.person')}
            </TabsTrigger>
          </TabsList>

          <TabsContent value="day" className="space-y-4">
            <div className="flex flex-wrap items-end gap-2">
              <Button variant="outline" size="icon" aria-label={t('day.previous')} onClick={() => go({ date: addDays(date, -1) })}>
                <ChevronLeftIcon aria-hidden />
              </Button>
              <div className="space-y-1">
                <Label htmlFor="coaching-day" className="sr-only">
                  {t('day.pick')}
                </Label>
                <Input
                  id="coaching-day"
                  type="date"
                  className="w-44"
                  value={date}
                  max={today}
                  onChange={(event) => isLocalDate(event.target.value) && go({ date: event.target.value })}
                />
              </div>
              <Button
                variant="outline"
                size="icon"
                aria-label={t('day.next')}
                disabled={date >= today}
                onClick={() => go({ date: addDays(date, 1) })}
              >
                <ChevronRightIcon aria-hidden />
              </Button>
              {date !== today && (
                <Button variant="ghost" size="sm" onClick={() => go({})}>
                  {t('day.today')}
                </Button>
              )}
              <p className="ml-auto text-sm text-muted-foreground">{format.longDay(date)}</p>
            </div>
            {view === 'day' && (
              <ListBody
                isPending={!data}
                items={data?.items}
                showDate={false}
                emptyTitle={t('list.empty')}
                emptyText={t('list.emptyText')}
              />
            )}
          </TabsContent>

          <TabsContent value="person" className="space-y-4">
            <div className="flex flex-wrap items-center gap-3">
              <span id="coaching-person-label" className="text-sm font-medium">
                {t('person.pick')}
              </span>
              {people.length > 0 && (
                <LazySelect
                  aria-labelledby="coaching-person-label"
                  className="w-64"
                  value={member ?? ''}
                  onValueChange={(userId) => go({ member: userId })}
                  options={people.map((person) => ({ value: person.userId, label: formatMemberName(person, t) }))}
                />
              )}
            </div>
            {view === 'person' &&
              (member === undefined || unknownMember ? (
                <ChoosePerson people={people} />
              ) : (
                <div className="grid gap-6 lg:grid-cols-5">
                  <div className="min-w-0 space-y-3 lg:col-span-3">
                    <h2 className="text-sm font-semibold">{t('list.headingOf', { name: chosen ? formatMemberName(chosen, t) : '' })}</h2>
                    <ListBody isPending={!data} items={data?.items} showDate emptyTitle={t('list.emptyPerson')} />
                  </div>
                  <div className="min-w-0 lg:col-span-2">
                    <CoachingNotes memberId={member} />
                  </div>
                </div>
              ))}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function ListBody({
  isPending,
  items,
  showDate,
  emptyTitle,
  emptyText,
}: {
  isPending: boolean;
  items: readonly CoachingWrapupItem[] | undefined;
  showDate: boolean;
  emptyTitle: string;
  emptyText?: string;
}) {
  if (isPending || !items) {
    return (
      <div className="space-y-2" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (items.length === 0) return <EmptyState icon={ClipboardListIcon} title={emptyTitle} description={emptyText} />;
  return <CoachingWrapupList items={items} showDate={showDate} />;
}

function ChoosePerson({ people }: { people: readonly CoachingPerson[] }) {
  const { t } = useTranslation('coaching');
  return (
    <div className="rounded-xl border border-dashed bg-card/50 p-6">
      <p className="text-sm font-semibold">{t('person.choose')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('person.chooseText')}</p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {people.map((person) => (
          <li key={person.userId}>
            <Link
              to={paths.app.coaching({ member: person.userId })}
              className="flex items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <PersonAvatar
                name={formatMemberName(person, t)}
                avatarUrl={person.avatarUrl}
                colorKey={person.userId}
                className="size-6 text-[10px]"
              />
              {formatMemberName(person, t)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
