import { type PersonOverview } from '@core/contracts';
import { ClipboardListIcon, MessageSquareTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { type CompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';

/* A person's recent wrap-ups (decision 046). */

export function WrapupsCard({ data, format }: { data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardHeading>{t('wrapups.heading')}</CardHeading>
        <CardDescription>{t('wrapups.description')}</CardDescription>
      </CardHeader>
      {data.wrapups.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={ClipboardListIcon}
          title={t('wrapups.empty')}
          description={t('wrapups.emptyText')}
        />
      ) : (
        <ol className="divide-y" aria-label={t('wrapups.heading')} data-testid="person-wrapups">
          {data.wrapups.map((wrapup) => (
            <li key={wrapup.id}>
              <Link
                to={paths.app.coachingWrapup(wrapup.id)}
                className="flex flex-col gap-1.5 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-5"
                aria-label={t('wrapups.open', { date: format.longDay(wrapup.date) })}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium">{format.longDay(wrapup.date)}</span>
                  <MessageSquareTextIcon className="size-4 text-muted-foreground" aria-hidden />
                </span>
                <span className="flex flex-wrap gap-1.5">
                  {(['calls', 'meetings', 'sales', 'points'] as const).map((key) => (
                    <Badge key={key} variant="secondary" className="tabular">
                      {t(`wrapups.numbers.${key}`, { count: wrapup[key], value: format.number(wrapup[key]) })}
                    </Badge>
                  ))}
                </span>
                {(wrapup.good || wrapup.improve) && (
                  <span className="line-clamp-2 text-xs text-muted-foreground">{wrapup.good ?? wrapup.improve}</span>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

// ---- coaching notes --------------------------------------------------------------------------------
