import { TvIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { EmptyState } from '@web/components/empty-state';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/** /tv: needs a signed-in person (display links come with the scoreboard issue). */
export function Component() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  if (isLoading) return <BrandSkeleton />;
  if (!user) return <Navigate to={paths.auth()} replace />;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-sidebar p-8">
      <EmptyState icon={TvIcon} title={t('placeholder.title')} description={t('placeholder.text')} className="max-w-lg border-sidebar-border bg-sidebar-accent text-sidebar-foreground" />
    </div>
  );
}
