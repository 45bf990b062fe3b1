import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { ErrorBoundary } from '@web/components/error-fallback';

/**
 * Around every screen: the error screen for what fails below (a module gone after a deploy too:
 * ErrorFallback offers the reload), and the branded skeleton while a screen's code first loads.
 */
export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<BrandSkeleton />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
