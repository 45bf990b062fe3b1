import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

export type Section = { title: string; text: string; code?: string };

/** Sections of a page's catalog entry (`pages.<page>.sections`), in catalog order. */
export function useSections(page: string): [string, Section][] {
  const { t } = useTranslation('public');
  return Object.entries(t(`pages.${page}.sections`, { returnObjects: true }) as Record<string, Section>);
}

/** A code sample; focusable so its sideways scroll works from the keyboard too. */
export function CodeBlock({ children }: { children: string }) {
  const { t } = useTranslation('public');
  return (
    <pre
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t('chrome.codeExample')}
      className="mt-4 overflow-x-auto rounded-xl bg-sidebar px-4 py-3.5 text-sm leading-6 text-sidebar-foreground"
    >
      <code>{children}</code>
    </pre>
  );
}

/** A legal or explanatory page: an 'On this page' list beside numbered sections. */
export function ArticleSections({ page, after, icons }: { page: string; after?: ReactNode; icons?: Record<string, LucideIcon> }) {
  const { t } = useTranslation('public');
  const sections = useSections(page);
  return (
    <div className="grid gap-12 lg:grid-cols-[15rem_1fr]">
      <nav aria-label={t('chrome.onThisPage')} className="hidden lg:block">
        <div className="sticky top-24">
          <p className="text-sm font-semibold">{t('chrome.onThisPage')}</p>
          <ul className="mt-3 grid gap-1 border-l text-sm">
            {sections.map(([key, section]) => (
              <li key={key}>
                <a
                  href={`#${key}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground hover:border-primary hover:text-foreground"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <div className="min-w-0 max-w-3xl">
        <div className="grid gap-6">
          {sections.map(([key, section]) => {
            const Icon = icons?.[key];
            return (
              <section
                key={key}
                id={key}
                aria-labelledby={`${key}-title`}
                className="min-w-0 scroll-mt-24 rounded-2xl border bg-card p-6 shadow-card sm:p-8"
              >
                <div className="flex items-start gap-4">
                  {Icon && (
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                  )}
                  <div className="min-w-0">
                    <h2 id={`${key}-title`} className="text-xl font-semibold tracking-tight">
                      {section.title}
                    </h2>
                    <p className="mt-3 leading-7 text-pretty text-muted-foreground">{section.text}</p>
                    {section.code && <CodeBlock>{section.code}</CodeBlock>}
                  </div>
                </div>
              </section>
            );
          })}
        </div>
        {after && <div className="mt-10">{after}</div>}
      </div>
    </div>
  );
}

export function LinkButton({
  href,
  children,
  variant = 'default',
  className,
}: {
  href: string;
  children: ReactNode;
  variant?: 'default' | 'outline' | 'success';
  className?: string;
}) {
  return (
    <a
      href={href}
      className={cn(buttonVariants({ variant, size: 'lg' }), 'h-11 px-5', variant === 'success' && 'font-semibold text-sidebar', className)}
    >
      {children}
    </a>
  );
}

/** The band that closes most public pages: start free, or book a demo. */
export function ClosingCta({ signUpHref, contactHref }: { signUpHref: string; contactHref: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{t('chrome.ctaTitle')}</h2>
          <p className="mt-2 text-muted-foreground">{t('chrome.ctaText')}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <LinkButton href={signUpHref} variant="success">
            {t('chrome.ctaPrimary')}
          </LinkButton>
          <LinkButton href={contactHref} variant="outline">
            {t('chrome.ctaSecondary')}
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
