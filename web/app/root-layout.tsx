import { Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorBoundary, ErrorFallback } from '@web/components/error-fallback';

export function RootLayout() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Errors the router catches (a route module that failed to load after a deploy, for instance). */
export function RouteErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('[router]', error);
  return <ErrorFallback error={error} onReset={() => navigate(0)} />;
}
