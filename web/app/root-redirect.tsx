import { Navigate } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/** '/': after loading, /app when signed in, else /landing. */
export function RootRedirect() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <BrandSkeleton />;
  return <Navigate to={user ? paths.app.dashboard : paths.landing} replace />;
}
