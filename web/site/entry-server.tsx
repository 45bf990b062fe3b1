import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteAssets } from './assets';
import { SiteDocument } from './document';
import { createSiteI18n, SITE_LANGUAGES, type SiteLanguage } from './i18n';
import { SITE_PAGES, type SitePage } from './pages';

/*
 * The public site's renderer, run at build time (and per request under `vite dev`) by
 * scripts/public-site/vite-plugin.ts. Static markup, no hydration: the islands enhance it.
 */
export { SITE_LANGUAGES };

function render(page: SitePage, language: SiteLanguage, assets: SiteAssets): string {
  const i18n = createSiteI18n(language);
  const { Body } = page;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SiteDocument page={page} assets={assets}>
        <Body />
      </SiteDocument>
    </I18nextProvider>,
  );
  return `<!doctype html>\n${html}\n`;
}

export function renderSite(assets: SiteAssets) {
  return SITE_PAGES.flatMap((page) =>
    SITE_LANGUAGES.map((language) => ({ language, page: page.page, path: page.path, html: render(page, language, assets) })),
  );
}

export function renderPage(assets: SiteAssets, path: string, language: string): string | null {
  const page = SITE_PAGES.find((candidate) => candidate.path === path.replace(/\/+$/, ''));
  const known = SITE_LANGUAGES.find((l) => l === language) ?? 'en';
  return page ? render(page, known, assets) : null;
}
