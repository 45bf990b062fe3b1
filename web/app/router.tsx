import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminGuard, OnboardingGate, RedirectIfSignedIn, RequireAuth } from './guards';
import { RootLayout, RouteErrorFallback } from './root-layout';
import { AppShell } from './shell/app-shell';
import { RootRedirect } from './root-redirect';

/*
 * The spec's route table. Every screen is a lazy route module exporting `Component`, so the
 * landing page loads none of the app and each screen loads only its own code.
 */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Component }),
});

const PUBLIC_PAGES = ['features', 'pricing', 'demo', 'api', 'help', 'docs', 'status', 'privacy', 'terms', 'gdpr', 'security'];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/landing', ...page(() => import('@web/features/public-pages/routes/public-page')) },
      { path: '/contact', ...page(() => import('@web/features/public-pages/routes/contact-page')) },
      ...PUBLIC_PAGES.map((slug) => ({ path: `/${slug}`, ...page(() => import('@web/features/public-pages/routes/public-page')) })),
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/auth', ...page(() => import('@web/features/auth/routes/auth-page')) },
          { path: '/auth/register', ...page(() => import('@web/features/auth/routes/auth-page')) },
          { path: '/auth/forgot-password', ...page(() => import('@web/features/auth/routes/forgot-password-page')) },
        ],
      },
      { path: '/auth/callback', ...page(() => import('@web/features/auth/routes/callback-page')) },
      // Outside RedirectIfSignedIn: a reset link works in a browser that is still signed in.
      { path: '/auth/reset-password', ...page(() => import('@web/features/auth/routes/reset-password-page')) },
      { path: '/invite', element: <Navigate to="/auth" replace /> },
      { path: '/invite/:code', ...page(() => import('@web/features/invitations/routes/invite-page')) },
      { path: '/join', ...page(() => import('@web/features/invitations/routes/join-page')) },
      { path: '/tv', ...page(() => import('@web/features/scoreboard/routes/tv-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/awaiting-assignment', ...page(() => import('@web/features/auth/routes/awaiting-assignment-page')) },
          { path: '/onboarding', ...page(() => import('@web/features/auth/routes/onboarding-page')) },
          {
            element: <OnboardingGate />,
            children: [
              {
                path: '/app',
                element: <AppShell />,
                children: [
                  { index: true, ...page(() => import('@web/features/scoreboard/routes/dashboard-page')) },
                  { path: 'dashboard', ...page(() => import('@web/features/scoreboard/routes/dashboard-page')) },
                  { path: 'activity', ...page(() => import('@web/features/activity/routes/activity-page')) },
                  { path: 'company', ...page(() => import('@web/features/scoreboard/routes/company-page')) },
                  { path: 'team/overview', ...page(() => import('@web/features/scoreboard/routes/team-overview-page')) },
                  { path: 'wrapup', ...page(() => import('@web/features/wrapup/routes/wrapup-page')) },
                  { path: 'weekly', ...page(() => import('@web/features/scoreboard/routes/weekly-page')) },
                  { path: 'monthly', ...page(() => import('@web/features/scoreboard/routes/monthly-page')) },
                  { path: 'settings', ...page(() => import('@web/features/settings/routes/settings-page')) },
                  {
                    path: 'admin',
                    element: <AdminGuard />,
                    children: [
                      {
                        ...page(() => import('@web/features/settings/routes/admin-layout')),
                        children: [
                          { index: true, element: <Navigate to="users" replace /> },
                          { path: 'users', ...page(() => import('@web/features/settings/routes/admin-users-page')) },
                          { path: 'kpi', ...page(() => import('@web/features/settings/routes/admin-kpi-page')) },
                          { path: 'customers', ...page(() => import('@web/features/settings/routes/admin-customers-page')) },
                          { path: 'integrations', ...page(() => import('@web/features/scoreboard/routes/admin-integrations-page')) },
                          { path: 'billing', ...page(() => import('@web/features/settings/routes/admin-billing-page')) },
                          { path: 'inbox', ...page(() => import('@web/features/settings/routes/admin-inbox-page')) },
                          { path: 'audit', ...page(() => import('@web/features/settings/routes/admin-audit-page')) },
                        ],
                      },
                    ],
                  },
                ],
              },
              // The spec's /admin: admin-guarded; it opens the console inside the app shell.
              { path: '/admin', element: <AdminGuard />, children: [{ index: true, element: <Navigate to="/app/admin/users" replace /> }] },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
