import { ConstructionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';

/** Placeholder until its issue lands: an honest empty state, never made-up numbers. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.settings')} />
      <EmptyState icon={ConstructionIcon} title={t('placeholder.title')} description={t('placeholder.text')} />
    </>
  );
}
