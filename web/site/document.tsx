import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALES } from '@core/contracts';
import { GoodbyeNotice } from '@web/features/public-pages/components/goodbye-notice';
import { SiteFooter } from '@web/features/public-pages/components/site-footer';
import { SiteHeader } from '@web/features/public-pages/components/site-header';
import type { SiteAssets } from './assets';
import type { SiteLanguage } from './i18n';
import type { SitePage } from './pages';

/** A whole pre-rendered page: head (meta, stylesheet, font preload, islands), header, main, footer. */
export function SiteDocument({ page, assets, children }: { page: SitePage; assets: SiteAssets; children: ReactNode }) {
  const { t, i18n } = useTranslation(['public', 'landing']);
  const title = t(page.title);
  const description = t(page.description);
  const islands = ['page', ...page.islands].map((name) => assets.islands[name]).filter((island) => island !== undefined);
  const preloads = [...new Set(islands.flatMap((island) => island.imports))];
  return (
    <html lang={i18n.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="application-name" content="Dealboard" />
        <meta name="theme-color" content="#0b1e33" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Dealboard" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:locale" content={INTL_LOCALES[i18n.language as SiteLanguage].replace('-', '_')} />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {assets.fontPreload && <link rel="preload" href={assets.fontPreload} as="font" type="font/woff2" crossOrigin="" />}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {islands.map((island) => (
          <script key={island.file} type="module" src={island.file} />
        ))}
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        <a
          href="#main"
          className="sr-only rounded-md bg-card px-4 py-2 font-medium text-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
        >
          {t('landing:skipToContent')}
        </a>
        {page.layout === 'bare' ? (
          children
        ) : (
          <>
            <SiteHeader path={page.path} />
            <main id="main" tabIndex={-1} className="outline-none">
              {children}
            </main>
            <SiteFooter />
            <GoodbyeNotice />
          </>
        )}
      </body>
    </html>
  );
}
