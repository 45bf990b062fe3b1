import { CheckCircle2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '@web/components/logo';
import { paths } from '@web/lib/paths';

/**
 * Two columns on wide screens: the form, and a calm panel that says what the product does. Used by
 * the app's auth screens and by the pre-rendered sign-in page (no router there: plain links only).
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const points = [t('panel.point1'), t('panel.point2'), t('panel.point3')];
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(0,34rem)]">
      <div className="flex flex-col px-6 py-6 sm:px-10">
        {/* A plain link: the landing page is not part of the app (a full page load either way). */}
        <a href={paths.landing} className="w-fit">
          <Wordmark />
        </a>
        <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center py-10 outline-none">
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
      <aside className="relative hidden overflow-hidden bg-sidebar p-12 text-sidebar-foreground lg:flex lg:flex-col lg:justify-end">
        <div
          aria-hidden
          className="absolute -top-24 -right-24 size-96 rounded-full bg-[radial-gradient(circle,oklch(0.64_0.15_158/0.35),transparent_70%)]"
        />
        <div
          aria-hidden
          className="absolute top-1/3 -left-32 size-96 rounded-full bg-[radial-gradient(circle,oklch(0.5_0.12_222/0.45),transparent_70%)]"
        />
        <div className="relative">
          <p className="text-sm font-medium tracking-wide text-success uppercase">{t('panel.kicker')}</p>
          <h2 className="mt-3 text-3xl font-semibold tracking-tight text-white">{t('panel.title')}</h2>
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-[15px]">
                <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
