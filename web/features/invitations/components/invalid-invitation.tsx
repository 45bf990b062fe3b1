import { INVITATION_INVALID_MESSAGE } from '@core/contracts';
import { Link2OffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';

/**
 * 'Invalid invitation', the error or 'The invitation is not valid or has expired.', and a
 * button to the login. The server's standard reason is shown in the reader's language.
 */
export function InvalidInvitation({ error }: { error?: string | null }) {
  const { t } = useTranslation('invitations');
  const isStandard = !error || error.replace(/\.$/, '') === INVITATION_INVALID_MESSAGE;
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <Link2OffIcon className="size-6" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('invalid.title')}</h1>
      <p className="mt-2 text-muted-foreground">{isStandard ? t('invalid.text') : error}</p>
      <p className="mt-4 text-sm text-muted-foreground">{t('invalid.hint')}</p>
      <Button asChild size="lg" className="mt-6 w-full">
        <Link reloadDocument to={paths.auth()}>
          {t('invalid.toLogin')}
        </Link>
      </Button>
    </div>
  );
}
