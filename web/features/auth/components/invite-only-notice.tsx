import { MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The join mode when the sign-up policy is invitation only and the person brought no invitation. */
export function InviteOnlyNotice() {
  const { t } = useTranslation('auth');
  return (
    <section aria-labelledby="invite-only-title" className="rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MailIcon className="size-5" aria-hidden />
        </div>
        <div>
          <h2 id="invite-only-title" className="font-semibold">
            {t('join.inviteOnlyTitle')}
          </h2>
          <p className="mt-1.5 text-sm text-muted-foreground">{t('join.inviteOnlyText')}</p>
        </div>
      </div>
    </section>
  );
}
