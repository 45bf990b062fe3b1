import { useTranslation } from 'react-i18next';
import { Wordmark } from '@web/components/logo';
import { LanguageSwitch } from './language-switch';
import { FOOTER_COLUMNS } from './site-links';

/** Footer with every public page's link and the copyright line (2024). */
export function SiteFooter() {
  const { t } = useTranslation('public');
  return (
    <footer className="bg-sidebar text-sidebar-foreground">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-14 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-xs sm:col-span-3 md:col-span-1">
          <a href="/landing" className="inline-block rounded-md text-lg text-white">
            <Wordmark markClassName="size-8" />
          </a>
          <p className="mt-4 text-sm leading-6 text-sidebar-muted">{t('chrome.footer.tagline')}</p>
          <LanguageSwitch className="mt-6" />
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.key} aria-label={t(`chrome.footer.${column.key}`)}>
            <h2 className="text-sm font-semibold text-white">{t(`chrome.footer.${column.key}`)}</h2>
            <ul className="mt-4 grid gap-1">
              {column.links.map((slug) => (
                <li key={slug}>
                  <a
                    href={`/${slug}`}
                    data-footer-link={slug}
                    className="inline-block py-1.5 text-sm text-sidebar-muted transition-colors hover:text-white"
                  >
                    {t(`chrome.footer.links.${slug}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-sidebar-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t('chrome.footer.copyright')}</p>
          <p>{t('chrome.footer.madeFor')}</p>
        </div>
      </div>
    </footer>
  );
}
