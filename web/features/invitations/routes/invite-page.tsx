import { MailOpenIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';

/** Invitations arrive with the company-administration issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <EmptyState icon={MailOpenIcon} title={t('placeholder.title')} description={t('placeholder.text')} className="max-w-md" />
    </div>
  );
}
