import { CircleCheckIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Your account is deleted": the public site's one toast, shown by the page island
 * (web/site/islands/page.ts) when the app lands here after deleting an account (?goodbye=1).
 * Pre-rendered hidden in every page, so it speaks the page's language without any script i18n.
 */
export function GoodbyeNotice() {
  const { t } = useTranslation('public');
  return (
    <div
      data-goodbye
      hidden
      role="status"
      className="fixed right-4 bottom-4 left-4 z-50 rounded-xl border bg-card p-4 text-card-foreground shadow-xl sm:left-auto sm:w-96"
    >
      <div className="flex items-start gap-3">
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{t('chrome.goodbye.title')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('chrome.goodbye.text')}</p>
        </div>
        <button
          type="button"
          data-goodbye-close
          className="-m-1 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('chrome.goodbye.close')}</span>
        </button>
      </div>
    </div>
  );
}
