import { useTranslation } from 'react-i18next';
import { paths } from '@web/lib/paths';
import { usePublicConfig } from '@web/lib/public-config';

/** Without a mail server (outside production), says where the mail went, with a link. */
export function DevMailboxHint({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const publicConfig = usePublicConfig();
  if (!publicConfig.data?.devMailbox) return null;
  return (
    <p className={className}>
      {t('checkEmail.devMailbox')}{' '}
      <a className="font-medium text-primary underline" href={paths.devMailbox} target="_blank" rel="noopener">
        {t('checkEmail.openMailbox')}
      </a>
    </p>
  );
}
