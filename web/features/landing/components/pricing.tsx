import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ENTERPRISE_MIN_USERS, FREE_MAX_USERS, PRO_BASE_PRICE_CENTS, PRO_EXTRA_USER_PRICE_CENTS, PRO_INCLUDED_USERS } from '@core/billing';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { SectionHeading } from './section-heading';

export type PlanLinks = { free: string; pro: string; enterprise: string };

/**
 * 6. Pricing: Free, Pro and Enterprise with the plans' numbers (core/billing, the same constants the
 * billing screen uses). Free and Pro go to /auth/register?plan=…, Enterprise to /contact. Every plan
 * has every feature (nothing is gated by plan), so the cards say what differs and a strip below
 * lists what all of them include.
 */
export function PricingPlans({ links, headingLevel = 3 }: { links: PlanLinks; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('landing');
  const plans = [
    { key: 'free', href: links.free, price: t('pricing.free.price'), period: null, featured: false },
    {
      key: 'pro',
      href: links.pro,
      price: t('pricing.pro.price', { price: PRO_BASE_PRICE_CENTS / 100 }),
      period: t('pricing.perMonth'),
      featured: true,
    },
    { key: 'enterprise', href: links.enterprise, price: t('pricing.enterprise.price'), period: null, featured: false },
  ] as const;
  const vars = {
    included: PRO_INCLUDED_USERS,
    extra: PRO_EXTRA_USER_PRICE_CENTS / 100,
    min: ENTERPRISE_MIN_USERS,
    max: FREE_MAX_USERS,
    proMin: FREE_MAX_USERS + 1,
    proMax: ENTERPRISE_MIN_USERS - 1,
  };
  return (
    <div>
      <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch" data-pricing>
        {plans.map((plan) => (
          <li
            key={plan.key}
            className={cn(
              'relative flex flex-col rounded-2xl border p-7 sm:p-8',
              plan.featured
                ? 'border-transparent bg-sidebar text-sidebar-foreground shadow-2xl ring-2 ring-primary lg:-my-3 lg:py-11'
                : 'bg-card shadow-card',
            )}
            data-plan={plan.key}
          >
            {plan.featured && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-success px-3 py-1 text-xs font-semibold whitespace-nowrap text-sidebar">
                {t('pricing.popular')}
              </p>
            )}
            <Heading className={cn('text-lg font-semibold', plan.featured && 'text-white')}>{t(`pricing.${plan.key}.name`)}</Heading>
            <p className={cn('mt-1 text-sm', plan.featured ? 'text-sidebar-muted' : 'text-muted-foreground')}>
              {t(`pricing.${plan.key}.audience`, vars)}
            </p>
            <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
              <span
                className={cn(
                  'font-semibold tracking-tight',
                  plan.key === 'enterprise' ? 'text-3xl leading-[2.5rem]' : 'text-4xl',
                  plan.featured && 'text-white',
                )}
              >
                {plan.price}
              </span>
              {plan.period && <span className="text-sm text-sidebar-muted">{plan.period}</span>}
            </p>
            <p className={cn('mt-3 text-sm font-medium', plan.featured ? 'text-white' : 'text-foreground')}>
              {t(`pricing.${plan.key}.users`, vars)}
            </p>
            <ul
              className="mt-6 grid flex-1 content-start gap-3 border-t pt-6 text-sm"
              style={plan.featured ? { borderColor: 'oklch(1 0 0 / 0.12)' } : undefined}
            >
              {(t(`pricing.${plan.key}.features`, { ...vars, returnObjects: true }) as string[]).map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <CheckIcon
                    className={cn('mt-0.5 size-4 shrink-0', plan.featured ? 'text-success' : 'text-success-strong')}
                    aria-hidden="true"
                  />
                  {feature}
                </li>
              ))}
            </ul>
            <a
              href={plan.href}
              data-link={`plan-${plan.key}`}
              className={cn(
                buttonVariants({ variant: plan.featured ? 'success' : plan.key === 'free' ? 'default' : 'outline', size: 'lg' }),
                'mt-8 h-12 w-full text-base',
                plan.featured && 'font-semibold text-sidebar',
              )}
            >
              {t(`pricing.${plan.key}.cta`)}
            </a>
          </li>
        ))}
      </ul>
      <PlanInclusions Heading={Heading} />
    </div>
  );
}

/** What every plan has: the plans differ only in team size and price (core/billing prices by active members). */
function PlanInclusions({ Heading }: { Heading: 'h2' | 'h3' }) {
  const { t } = useTranslation('landing');
  return (
    <div className="mt-10 rounded-2xl border bg-card p-6 shadow-card sm:p-8" data-plans-included>
      <Heading className="font-semibold sm:text-center">{t('pricing.included.title')}</Heading>
      <ul className="mt-5 grid gap-3 text-sm sm:flex sm:flex-wrap sm:justify-center sm:gap-x-6">
        {(t('pricing.included.items', { returnObjects: true }) as string[]).map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckIcon className="size-4 shrink-0 text-success-strong" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Pricing({ links, compareHref }: { links: PlanLinks; compareHref: string }) {
  const { t } = useTranslation('landing');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow={t('pricing.eyebrow')} title={t('pricing.title')} lead={t('pricing.lead')} />
        <div className="mt-14">
          <PricingPlans links={links} />
        </div>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          {t('pricing.footnote')}{' '}
          <a href={compareHref} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('pricing.compare')}
          </a>
        </p>
      </div>
    </section>
  );
}
