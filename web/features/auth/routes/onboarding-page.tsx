import { Navigate } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/** /onboarding has no content of its own: it routes on once provisioning is done. */
export function Component() {
  const { me, isProvisioning } = useAuth();
  if (!me || isProvisioning) return <BrandSkeleton />;
  return <Navigate to={me.onboarding.hasCompany ? paths.app.dashboard : paths.awaitingAssignment} replace />;
}
