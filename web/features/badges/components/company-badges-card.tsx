import { pickName } from '@core/activity-types';
import type { CompanyBadge, LocalizedNames } from '@core/contracts';
import { AwardIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findBadgeLook } from '@web/components/badges/badge-looks';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useKpis } from '@web/lib/queries/get-kpis';
import { useCompanyBadges, useDeleteCompanyBadge } from '../api/company-badges';
import { CompanyBadgeEditor, describeRule } from './company-badge-editor';

/** The description's example of a money badge, "Big week" for 50 000 sold in a week, in minor units. */
const EXAMPLE_AMOUNT_MINOR = 5_000_000;

/**
 * The company's own badges (decision 107), for admins: each with its look, the rule it is earned
 * by ("3 Meetings booked in a day") and whether it is awarded; a new one, a change or a deletion
 * (one somebody has earned is switched off instead).
 */
export function CompanyBadgesCard() {
  const { t, i18n } = useTranslation(['settings', 'scoreboard']);
  const { data: me } = useMe();
  const format = useCompanyFormat();
  const badges = useCompanyBadges();
  const kpis = useKpis();
  const [editing, setEditing] = useState<CompanyBadge | 'new' | null>(null);
  const nameOf = (names: LocalizedNames) => pickName(names, i18n.language, me?.company?.language);
  const kpiList = kpis.data?.kpis ?? [];
  const ready = badges.data !== undefined && kpis.data !== undefined;
  const list = badges.data?.badges ?? [];

  return (
    <Card data-testid="company-badges">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <AwardIcon className="size-4 text-muted-foreground" aria-hidden />
            {t('settings:companyBadges.title')}
          </CardTitle>
          <CardDescription>
            {/* The example's amount in the company's currency, as its language writes it ("50.000 kr." in Danish). */}
            {t('settings:companyBadges.description', { amount: format.money(EXAMPLE_AMOUNT_MINOR) })}
          </CardDescription>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!ready}>
          <PlusIcon /> {t('settings:companyBadges.new')}
        </Button>
      </CardHeader>
      <CardContent>
        {(badges.isError && !badges.data) || (kpis.isError && !kpis.data) ? (
          <LoadError
            title={t('settings:companyBadges.loadFailed')}
            error={badges.error ?? kpis.error}
            onRetry={() => void Promise.all([badges.refetch(), kpis.refetch()])}
            layout="stacked"
          />
        ) : !ready ? (
          <div className="space-y-3" aria-label={t('settings:companyBadges.loading')}>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon={AwardIcon}
            title={t('settings:companyBadges.emptyTitle')}
            description={t('settings:companyBadges.emptyText')}
            action={
              <Button variant="outline" onClick={() => setEditing('new')}>
                <PlusIcon /> {t('settings:companyBadges.new')}
              </Button>
            }
          />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('settings:companyBadges.listLabel')}>
            {list.map((badge) => (
              <CompanyBadgeRow
                key={badge.id}
                badge={badge}
                name={nameOf(badge.names)}
                rule={describeRule(
                  badge,
                  kpiList.find((kpi) => kpi.id === badge.kpiId),
                  nameOf,
                  t,
                  {
                    language: i18n.language,
                    currency: me?.company?.currency ?? 'NOK',
                  },
                )}
                onEdit={() => setEditing(badge)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {editing !== null && (
        <CompanyBadgeEditor
          open
          onOpenChange={(open) => !open && setEditing(null)}
          badge={editing === 'new' ? null : editing}
          kpis={kpiList}
        />
      )}
    </Card>
  );
}

function CompanyBadgeRow({ badge, name, rule, onEdit }: { badge: CompanyBadge; name: string; rule: string; onEdit: () => void }) {
  const { t } = useTranslation('settings');
  const remove = useDeleteCompanyBadge();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { Icon, tone } = findBadgeLook({ kind: 'company', look: badge });
  const onDelete = async () => {
    try {
      await remove.mutateAsync(badge.id);
      toast.success(t('companyBadges.deleted', { name }));
    } catch (error) {
      // Earned by somebody: the way out is to switch it off, which the editor does.
      const inUse = error instanceof ApiRequestError && error.code === 'badge_in_use';
      toast.error(inUse ? t('companyBadges.inUseTitle', { name }) : t('companyBadges.changeFailed'), {
        description: inUse ? t('companyBadges.inUseText') : findErrorReason(error),
      });
    }
    setConfirmingDelete(false);
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3" data-testid="company-badge-row">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full ring-2 ring-inset',
          tone,
          !badge.enabled && 'opacity-60 grayscale',
        )}
        aria-hidden
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex items-center gap-2 truncate font-medium">
          {name}
          {!badge.enabled && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">{t('companyBadges.off')}</span>
          )}
        </p>
        <p className="text-sm text-muted-foreground">{rule}</p>
      </div>
      <div className="flex gap-1 max-sm:w-full max-sm:justify-end">
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('companyBadges.editNamed', { name })}>
          <PencilIcon /> <span className="max-sm:sr-only">{t('companyBadges.edit')}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(true)} aria-label={t('companyBadges.deleteNamed', { name })}>
          <Trash2Icon /> <span className="max-sm:sr-only">{t('companyBadges.delete')}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('companyBadges.deleteTitle', { name })}
        description={t('companyBadges.deleteText')}
        confirmLabel={t('companyBadges.delete')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
