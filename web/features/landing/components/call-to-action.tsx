import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { outlineOnDark, primaryCta } from './buttons';

/** 8. Call to action: 'Join the team' (to /auth) and 'Book a demo' (to /contact). */
export function CallToAction({ signUpHref, contactHref }: { signUpHref: string; contactHref: string }) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="aurora relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-sidebar px-6 py-16 text-center shadow-2xl sm:px-12 sm:py-20">
        <div className="relative">
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-sidebar-foreground/85">{t('cta.text')}</p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={signUpHref} data-link="join-team" className={primaryCta}>
              {t('cta.primary')} <ArrowRightIcon aria-hidden="true" />
            </a>
            <a href={contactHref} data-link="cta-book-demo" className={outlineOnDark}>
              {t('cta.secondary')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
