import {
  ENTERPRISE_MIN_USERS,
  FREE_MAX_USERS,
  PLANS,
  PRO_BASE_PRICE_CENTS,
  PRO_EXTRA_USER_PRICE_CENTS,
  PRO_INCLUDED_USERS,
} from '@core/billing';
import type { Billing } from '@core/contracts';
import { CheckIcon, InfoIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { formatUsdCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useBilling } from '../api/get-billing';

/** Billing: the current plan and monthly price for the member count. No payment processing. */
export function BillingOverview() {
  const { t } = useTranslation('settings');
  const billing = useBilling();
  useErrorToast(billing.error, t('toasts.billingLoadError'));

  return (
    <div className="space-y-6">
      {billing.isError ? (
        <LoadError title={t('toasts.billingLoadError')} error={billing.error} onRetry={() => void billing.refetch()} />
      ) : billing.isPending ? (
        <Card aria-busy="true">
          <CardContent className="space-y-3 p-6">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-10 w-48" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </CardContent>
        </Card>
      ) : (
        <CurrentPlan billing={billing.data} />
      )}
      <div>
        <h2 className="mb-3 text-base font-semibold">{t('billing.plansTitle')}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan} plan={plan} isCurrent={billing.data?.plan === plan} />
          ))}
        </div>
      </div>
      <Alert>
        <InfoIcon />
        <AlertTitle>{t('billing.noPaymentsTitle')}</AlertTitle>
        <AlertDescription>
          {t('billing.noPaymentsText')}{' '}
          <Link to={paths.contact} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('billing.contactUs')}
          </Link>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function CurrentPlan({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation('settings');
  const lang = i18n.language;
  const price = billing.monthlyPriceCents;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{t('billing.currentPlan')}</p>
          <p className="mt-1 flex items-center gap-2 text-2xl font-semibold tracking-tight">
            {t(`billing.plans.${billing.plan}.name`)}
            <Badge variant="soft">{t('billing.active')}</Badge>
          </p>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <UsersIcon className="size-4" aria-hidden />
            {t('billing.members', { count: billing.memberCount })}
          </p>
        </div>
        <div className="sm:text-right">
          {billing.priceOnRequest || price === null ? (
            <>
              <p className="text-3xl font-semibold tracking-tight">{t('billing.onRequest')}</p>
              <Button asChild variant="outline" size="sm" className="mt-3">
                <Link to={paths.contact}>{t('billing.contactSales')}</Link>
              </Button>
            </>
          ) : (
            <>
              <p className="text-4xl font-semibold tracking-tight tabular">
                {formatUsdCents(price, lang)}
                <span className="ml-1 text-base font-normal text-muted-foreground">{t('billing.perMonth')}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{describePrice(billing, t, lang)}</p>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

function describePrice(billing: Billing, t: (key: string, options?: Record<string, unknown>) => string, lang: string): string {
  if (billing.plan === 'free') return t('billing.freeBreakdown', { max: FREE_MAX_USERS });
  const base = t('billing.proBase', {
    price: formatUsdCents(PRO_BASE_PRICE_CENTS, lang),
    included: billing.includedUsers ?? PRO_INCLUDED_USERS,
  });
  if (billing.additionalUsers === 0) return base;
  return `${base} ${t('billing.proExtra', { count: billing.additionalUsers, price: formatUsdCents(PRO_EXTRA_USER_PRICE_CENTS, lang) })}`;
}

function PlanCard({ plan, isCurrent }: { plan: (typeof PLANS)[number]; isCurrent: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const lang = i18n.language;
  const price =
    plan === 'free' ? formatUsdCents(0, lang) : plan === 'pro' ? formatUsdCents(PRO_BASE_PRICE_CENTS, lang) : t('billing.onRequest');
  const points: string[] = t(`billing.plans.${plan}.points`, {
    returnObjects: true,
    max: FREE_MAX_USERS,
    included: PRO_INCLUDED_USERS,
    extra: formatUsdCents(PRO_EXTRA_USER_PRICE_CENTS, lang),
    min: ENTERPRISE_MIN_USERS,
  }) as unknown as string[];
  return (
    <Card className={cn('flex flex-col', isCurrent && 'border-primary ring-1 ring-primary')}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{t(`billing.plans.${plan}.name`)}</CardTitle>
          {isCurrent && <Badge>{t('billing.currentPlan')}</Badge>}
        </div>
        <CardDescription>{t(`billing.plans.${plan}.audience`, { max: FREE_MAX_USERS, min: ENTERPRISE_MIN_USERS })}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-2xl font-semibold tracking-tight tabular">
          {price}
          {plan !== 'enterprise' && <span className="ml-1 text-sm font-normal text-muted-foreground">{t('billing.perMonth')}</span>}
        </p>
        <ul className="mt-4 space-y-2 text-sm">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {point}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
