import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LandingSections } from '@web/features/landing/components/landing-page';
import { PricingPlans } from '@web/features/landing/components/pricing';
import { ContactBody } from '@web/features/public-pages/components/contact-form';
import { ClosingCta } from '@web/features/public-pages/components/content';
import { PageHero } from '@web/features/public-pages/components/page-hero';
import { ApiBody, ApiDocsBody, DocsBody } from '@web/features/public-pages/components/developer-pages';
import { HelpBody } from '@web/features/public-pages/components/help-page';
import { GdprBody, PrivacyBody, SecurityBody, TermsBody } from '@web/features/public-pages/components/legal-pages';
import { DemoBody, FeaturesBody, PricingDetails } from '@web/features/public-pages/components/product-pages';
import { STATUS_REFRESH_SECONDS, StatusBody } from '@web/features/public-pages/components/status-page';
import { SITE_LINKS } from '@web/features/public-pages/components/site-links';
import { SignInPage } from '@web/features/auth/components/sign-in-page';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/** Island scripts (web/site/islands/<name>.ts) a page needs besides `page`, which every page loads. */
export type IslandName = 'landing' | 'contact' | 'status' | 'api-docs' | 'sign-in';

export type SitePage = {
  /** File name of the pre-rendered page. */
  page: string;
  path: string;
  /** i18n keys (namespace:key) of the title and description. */
  title: string;
  description: string;
  islands: IslandName[];
  /** 'site' (default): the site's header and footer around the body; 'bare': the body is the whole page. */
  layout?: 'site' | 'bare';
  Body: () => ReactNode;
};

const PLAN_LINKS = { free: SITE_LINKS.register('free'), pro: SITE_LINKS.register('pro'), enterprise: SITE_LINKS.contact };

/** A footer page: the title band from `public:pages.<key>`, its body, and (mostly) the closing call to action. */
function simplePage(key: string, Body: () => ReactNode, options: { cta?: boolean; heroExtra?: () => ReactNode } = {}) {
  return function Page() {
    const { t } = useTranslation('public');
    const Extra = options.heroExtra;
    return (
      <>
        <PageHero
          eyebrow={t(`pages.${key}.eyebrow`)}
          title={t(`pages.${key}.title`)}
          lead={t(`pages.${key}.lead`, { seconds: STATUS_REFRESH_SECONDS })}
        >
          {Extra && <Extra />}
        </PageHero>
        <Body />
        {options.cta !== false && <ClosingCta signUpHref={SITE_LINKS.signUp} contactHref={SITE_LINKS.contact} />}
      </>
    );
  };
}

function ApiLinks() {
  const { t } = useTranslation('public');
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a href={SITE_LINKS.apiDocs} className={cn(buttonVariants({ size: 'lg' }), 'h-11 px-5')} data-link="api-docs">
        {t('pages.api.docsLink')}
      </a>
      <a href={SITE_LINKS.openApi} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-11 px-5')} data-link="openapi">
        {t('pages.api.specLink')}
      </a>
    </div>
  );
}

function ApiDocsLinks() {
  const { t } = useTranslation('public');
  return (
    <a href={SITE_LINKS.openApi} className="font-medium text-primary underline-offset-4 hover:underline">
      {t('pages.apiDocs.raw')}
    </a>
  );
}

function PricingBody() {
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-14 sm:px-6 sm:pt-20">
        <PricingPlans links={PLAN_LINKS} headingLevel={2} />
      </div>
      <PricingDetails />
    </>
  );
}

const page = (
  key: string,
  Body: () => ReactNode,
  islands: IslandName[] = [],
  options: Parameters<typeof simplePage>[2] = {},
): SitePage => ({
  page: key === 'apiDocs' ? 'api-docs' : key,
  path: key === 'apiDocs' ? SITE_LINKS.apiDocs : `/${key}`,
  title: `public:pages.${key}.meta.title`,
  description: `public:pages.${key}.meta.description`,
  islands,
  Body: simplePage(key, Body, options),
});

/** Every page of the public site: the landing page, /contact, the footer pages and /api/docs. */
export const SITE_PAGES: SitePage[] = [
  {
    page: 'landing',
    path: SITE_LINKS.landing,
    title: 'landing:meta.title',
    description: 'landing:meta.description',
    islands: ['landing'],
    Body: () => (
      <LandingSections links={{ signUp: SITE_LINKS.signUp, contact: SITE_LINKS.contact, plans: PLAN_LINKS, pricing: '/pricing' }} />
    ),
  },
  page('contact', ContactBody, ['contact'], { cta: false }),
  page('features', FeaturesBody),
  page('pricing', PricingBody),
  page('demo', DemoBody, [], { cta: false }),
  page('api', ApiBody, [], { heroExtra: ApiLinks }),
  page('apiDocs', ApiDocsBody, ['api-docs'], { cta: false, heroExtra: ApiDocsLinks }),
  page('help', HelpBody),
  page('docs', DocsBody),
  page('status', StatusBody, ['status'], { cta: false }),
  page('privacy', PrivacyBody),
  page('terms', TermsBody),
  page('gdpr', GdprBody),
  page('security', SecurityBody),
  // The sign-in page: the app's own look (no site header or footer), none of the app's code
  // (decision 029). The island sends a signed-in person on; the server does before that.
  {
    page: 'auth',
    path: SITE_LINKS.auth,
    title: 'auth:meta.title',
    description: 'auth:meta.description',
    islands: ['sign-in'],
    layout: 'bare',
    Body: SignInPage,
  },
];
