import { compareWrapupToLog, WRAPUP_METRICS } from '@core/coaching';
import type { CoachingWrapup } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { WrapupComparison } from '@web/components/wrapup-comparison';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { CommentThread } from './comment-thread';

/** One wrap-up as a coach (or its author) reads it: the typed numbers, the log beside them, the notes and the conversation. */
export function WrapupReading({ wrapup }: { wrapup: CoachingWrapup }) {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  const name = formatMemberName(wrapup.member, t);
  const differences = compareWrapupToLog(wrapup.typed, wrapup.logged);

  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3 space-y-0">
        <PersonAvatar name={name} avatarUrl={wrapup.member.avatarUrl} colorKey={wrapup.member.userId} className="size-10 text-sm" />
        <div className="min-w-0">
          <CardTitle className="truncate">{wrapup.isAuthor ? t('reading.ownTitle') : t('reading.title', { name })}</CardTitle>
          <p className="text-sm text-muted-foreground">{format.longDay(wrapup.date)}</p>
        </div>
        {wrapup.unread && !wrapup.isAuthor && <Badge className="ml-auto">{t('list.unread')}</Badge>}
      </CardHeader>
      <CardContent className="space-y-5">
        <section aria-label={t('reading.typed')}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {WRAPUP_METRICS.map((metric) => (
              <div key={metric} className="rounded-lg border bg-muted/30 p-3">
                <dt className="text-xs text-muted-foreground">{t(`common:wrapupComparison.metrics.${metric}`)}</dt>
                <dd className="tabular text-lg font-semibold">{format.number(wrapup.typed[metric])}</dd>
              </div>
            ))}
          </dl>
        </section>
        <WrapupComparison differences={differences} perspective="reader" />
        <div className="grid gap-4 md:grid-cols-2">
          {(['good', 'improve'] as const).map((key) => (
            <section key={key} className="space-y-1">
              <h3 className="text-sm font-semibold">{key === 'good' ? t('reading.wentWell') : t('reading.toImprove')}</h3>
              <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{wrapup[key] ?? t('reading.noNotes')}</p>
            </section>
          ))}
        </div>
        <div className="border-t pt-4">
          <CommentThread wrapupId={wrapup.id} comments={wrapup.comments} isAuthor={wrapup.isAuthor} authorName={name} />
        </div>
      </CardContent>
    </Card>
  );
}
