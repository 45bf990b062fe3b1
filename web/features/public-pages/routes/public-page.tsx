import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';

/*
 * The landing page, /contact and the footer pages are not part of this app: the server sends them
 * pre-rendered (docs/decisions/010-public-site-prerendered.md). When the app navigates to one of
 * them, this route makes it a full page load. A guard in sessionStorage stops a reload loop if the
 * server ever answers with the app instead (the public site not built): then it links instead.
 */
const GUARD_KEY = 'dealboard.full-load';

let decided: { target: string; reload: boolean } | null = null;

function decide(target: string): boolean {
  if (decided?.target === target) return decided.reload;
  let reload = true;
  try {
    reload = window.sessionStorage.getItem(GUARD_KEY) !== target;
    if (reload) window.sessionStorage.setItem(GUARD_KEY, target);
    else window.sessionStorage.removeItem(GUARD_KEY);
  } catch {
    reload = false; // no storage: cannot guard, so do not risk a loop
  }
  decided = { target, reload };
  return reload;
}

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = `${location.pathname.replace(/\/+$/, '') || '/'}${location.search}${location.hash}`;
  const reload = decide(target);
  useEffect(() => {
    if (reload) window.location.replace(target);
  }, [reload, target]);
  if (reload) return <BrandSkeleton />;
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <a href={target} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('nav.home')}
      </a>
    </div>
  );
}
