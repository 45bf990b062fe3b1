import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { SITE_LANGUAGES } from './site-links';

/**
 * English / Norsk. Plain links (?lang=): the server remembers the choice in a cookie and answers
 * in that language, so it works before (and without) any script.
 */
export function LanguageSwitch({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation('public');
  return (
    <div
      role="group"
      aria-label={t('chrome.language')}
      className={cn(
        'inline-flex items-center rounded-lg p-0.5 text-xs font-semibold',
        tone === 'dark' ? 'bg-white/10 ring-1 ring-white/15' : 'bg-muted ring-1 ring-border',
        className,
      )}
    >
      {SITE_LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <a
            key={language}
            href={`?lang=${language}`}
            hrefLang={language}
            lang={language}
            aria-current={active ? 'true' : undefined}
            data-lang-link={language}
            className={cn(
              'inline-flex min-h-8 min-w-10 items-center justify-center rounded-md px-2.5 transition-colors',
              tone === 'dark'
                ? active
                  ? 'bg-white text-sidebar'
                  : 'text-sidebar-foreground hover:bg-white/10 hover:text-white'
                : active
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <span aria-hidden="true">{t(`chrome.languageShort.${language}`)}</span>
            <span className="sr-only">{t(`chrome.languages.${language}`)}</span>
          </a>
        );
      })}
    </div>
  );
}
