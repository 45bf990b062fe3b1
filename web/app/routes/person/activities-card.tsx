import { type PersonOverview } from '@core/contracts';
import { PhoneIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadActivityIcon } from '@web/components/activity-type-icon';
import { DailyBonusNote } from '@web/components/scoreboard/daily-bonus-note';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { CorrectActivityMenu } from '@web/features/activity/components/correct-activity-menu';
import { LogForMemberButton } from '@web/features/activity/components/log-for-member-button';
import { computeActivityKind, nameOwnType } from '@web/lib/activity-kind';
import { cn } from '@web/lib/cn';
import { type CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useCorrectableMembers } from '@web/features/activity/lib/correctable-members';

/* A person's recent activities, correctable by those who may (decision 046). */

/** How many activities show before "Show all": the card stays beside the wrap-ups rather than running down the page. */
export const ACTIVITIES_SHOWN_FIRST = 8;

export function ActivitiesCard({ data, format, canCorrect }: { data: PersonOverview; format: CompanyFormat; canCorrect: boolean }) {
  const { t, i18n } = useTranslation('people');
  const { activities, today } = data;
  const [isExpanded, setIsExpanded] = useState(false);
  const shown = isExpanded ? activities : activities.slice(0, ACTIVITIES_SHOWN_FIRST);
  const person = { userId: data.person.userId, name: formatMemberName(data.person, t) };
  const members = useCorrectableMembers(t);
  // The person is among whom an activity may go, even when the list has not come in yet.
  const scope = { today, members: members.some((m) => m.userId === person.userId) ? members : [person, ...members] };
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 border-b pb-4">
        <div className="min-w-0 space-y-1.5">
          <CardHeading>{t('activities.heading')}</CardHeading>
          <CardDescription>{t('activities.description')}</CardDescription>
        </div>
        {/* A manager logs on the person's behalf (decision 086). */}
        {canCorrect && <LogForMemberButton member={person} today={today} />}
      </CardHeader>
      {activities.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={PhoneIcon}
          title={t('activities.empty')}
          description={t('activities.emptyText')}
        />
      ) : (
        <ol className="divide-y" aria-label={t('activities.heading')} data-testid="person-activities">
          {shown.map((activity) => {
            // One of the company's own types shows its own look and outcome, as on My Activity (decision 100).
            const own = nameOwnType(activity.ownType, i18n.language);
            const kind = own ? [own.name, own.outcome].filter(Boolean).join(', ') : t(`activities.kinds.${computeActivityKind(activity)}`);
            return (
              <li key={activity.id} className="flex items-center gap-3 px-4 py-2.5 sm:px-5">
                <ReadActivityIcon activity={activity} className="size-8" />
                <div className="min-w-0 flex-1">
                  {/* On a phone the kind and customer wrap rather than being cut to "Samtale, mø…". */}
                  <p className="text-sm font-medium break-words sm:truncate">
                    {kind}
                    {activity.customerName && <span className="font-normal text-muted-foreground"> · {activity.customerName}</span>}
                  </p>
                  {(activity.amount !== null || activity.notes || activity.bonusPoints > 0) && (
                    <p className="truncate text-xs text-muted-foreground">
                      {/* The day's bonus it carries, a sale's value or an own type's amount, the notes. */}
                      {activity.bonusPoints > 0 && <DailyBonusNote activity={activity} />}
                      {activity.bonusPoints > 0 && (activity.amount !== null || activity.notes) && ' · '}
                      {activity.amount !== null && <span className="font-medium text-foreground">{format.money(activity.amount)}</span>}
                      {activity.amount !== null && activity.notes && ' · '}
                      {activity.notes}
                    </p>
                  )}
                </div>
                <span
                  className={cn('text-sm font-semibold tabular', activity.points > 0 ? 'text-success-strong' : 'text-muted-foreground')}
                >
                  +{format.number(activity.points)}
                </span>
                <time
                  className="shrink-0 text-right text-xs whitespace-nowrap text-muted-foreground tabular sm:w-24"
                  dateTime={activity.createdAt}
                  title={format.dateTime(activity.createdAt)}
                >
                  {format.activityTime(activity.createdAt, today)}
                </time>
                {canCorrect && (
                  <CorrectActivityMenu
                    activityId={activity.id}
                    name={`${kind}, ${format.activityTime(activity.createdAt, today)}`}
                    scope={scope}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
      {activities.length > ACTIVITIES_SHOWN_FIRST && (
        <div className="border-t px-4 py-2 sm:px-5">
          <Button variant="ghost" size="sm" className="-ml-2" aria-expanded={isExpanded} onClick={() => setIsExpanded((open) => !open)}>
            {isExpanded ? t('activities.showFewer') : t('activities.showAll', { count: activities.length })}
          </Button>
        </div>
      )}
    </Card>
  );
}
