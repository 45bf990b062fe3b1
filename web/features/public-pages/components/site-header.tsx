import { MenuIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '@web/components/logo';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { LanguageSwitch } from './language-switch';
import { SITE_LINKS } from './site-links';

/** The public site's header: wordmark, section links, language, Sign in and 'Sign up' (to /auth),
 * or 'Open the app' for someone signed in. */
export function SiteHeader({ path }: { path: string }) {
  const { t } = useTranslation('public');
  const onLanding = path === SITE_LINKS.landing;
  const section = (id: string) => (onLanding ? `#${id}` : `${SITE_LINKS.landing}#${id}`);
  const nav = [
    { href: section('how-it-works'), label: t('chrome.nav.howItWorks') },
    { href: section('benefits'), label: t('chrome.nav.features') },
    { href: section('pricing'), label: t('chrome.nav.pricing') },
    { href: section('faq'), label: t('chrome.nav.faq') },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-sidebar/95 text-sidebar-foreground backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-4 sm:px-6">
        <a href={SITE_LINKS.landing} className="rounded-md text-lg text-white">
          <Wordmark markClassName="size-8" />
        </a>
        <nav aria-label={t('chrome.nav.label')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/90 transition-colors hover:bg-white/10 hover:text-white"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitch className="hidden sm:inline-flex" />
          {/* Both are rendered; the server shows a signed-in person "Open the app" instead (decision 057). */}
          <div data-session="signed-out" className="contents">
            <a
              href={SITE_LINKS.auth}
              className="hidden rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/90 hover:bg-white/10 hover:text-white sm:inline-block"
            >
              {t('chrome.signIn')}
            </a>
            <a
              href={SITE_LINKS.signUp}
              data-link="sign-up"
              className={cn(buttonVariants({ variant: 'success', size: 'sm' }), 'h-9 px-4 text-sm font-semibold text-sidebar')}
            >
              {t('chrome.signUp')}
            </a>
          </div>
          <a
            href={SITE_LINKS.app}
            data-session="signed-in"
            hidden
            className={cn(buttonVariants({ variant: 'success', size: 'sm' }), 'h-9 px-4 text-sm font-semibold text-sidebar')}
          >
            {t('chrome.openApp')}
          </a>
          <details className="group relative lg:hidden" data-menu>
            <summary
              className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md text-white hover:bg-white/10 [&::-webkit-details-marker]:hidden"
              aria-label={t('chrome.menu')}
            >
              <MenuIcon className="size-5 group-open:hidden" aria-hidden="true" />
              <XIcon className="hidden size-5 group-open:block" aria-hidden="true" />
            </summary>
            <div className="absolute right-0 mt-2 w-64 rounded-xl border border-white/10 bg-sidebar p-2 shadow-2xl">
              <ul className="grid gap-0.5">
                {nav.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      className="block rounded-md px-3 py-2.5 text-sm font-medium text-sidebar-foreground hover:bg-white/10 hover:text-white"
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
                <li data-session="signed-out">
                  <a
                    href={SITE_LINKS.auth}
                    className="block rounded-md px-3 py-2.5 text-sm font-medium text-sidebar-foreground hover:bg-white/10 hover:text-white"
                  >
                    {t('chrome.signIn')}
                  </a>
                </li>
                <li data-session="signed-in" hidden>
                  <a
                    href={SITE_LINKS.app}
                    className="block rounded-md px-3 py-2.5 text-sm font-medium text-sidebar-foreground hover:bg-white/10 hover:text-white"
                  >
                    {t('chrome.openApp')}
                  </a>
                </li>
              </ul>
              <div className="mt-2 border-t border-white/10 px-3 pt-3 pb-1 sm:hidden">
                <LanguageSwitch />
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
