import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type CatalogGroup, loadCatalogs } from '@web/i18n';
import { importOrReload } from '@web/lib/lazy-import';
import { AdminGuard, OnboardingGate, RedirectIfSignedIn, RequireAuth } from './guards';
import { RootLayout, RouteErrorFallback } from './root-layout';
import { RootRedirect } from './root-redirect';

/*
 * The spec's route table. Every screen is a lazy route module exporting `Component`, so the
 * landing page loads none of the app and each screen loads only its own code (decision 026):
 * a signed-out screen loads its module and nothing of the signed-in app (not even the shell);
 * every other screen loads the app's translations with its code, in parallel. A module that is
 * gone after a deploy reloads the page once (lib/lazy-import.ts), else RouteErrorFallback says so.
 */
const page = (load: () => Promise<{ Component: React.ComponentType }>, catalogs: CatalogGroup = 'app'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([importOrReload(load), loadCatalogs(catalogs)]);
    return { Component: module.Component };
  },
});
/** The screens a signed-out person sees: the signed-out translations only (loaded at start). */
const signedOutPage = (load: () => Promise<{ Component: React.ComponentType }>) => page(load, 'signedOut');

const PUBLIC_PAGES = ['features', 'pricing', 'demo', 'api', 'help', 'docs', 'status', 'privacy', 'terms', 'gdpr', 'security'];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/landing', ...signedOutPage(() => import('@web/features/public-pages/routes/public-page')) },
      { path: '/contact', ...signedOutPage(() => import('@web/features/public-pages/routes/contact-page')) },
      ...PUBLIC_PAGES.map((slug) => ({ path: `/${slug}`, ...signedOutPage(() => import('@web/features/public-pages/routes/public-page')) })),
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/auth', ...signedOutPage(() => import('@web/features/auth/routes/auth-page')) },
          { path: '/auth/register', ...signedOutPage(() => import('@web/features/auth/routes/auth-page')) },
          { path: '/auth/forgot-password', ...signedOutPage(() => import('@web/features/auth/routes/forgot-password-page')) },
        ],
      },
      { path: '/auth/callback', ...signedOutPage(() => import('@web/features/auth/routes/callback-page')) },
      // Outside RedirectIfSignedIn: a reset link works in a browser that is still signed in.
      { path: '/auth/reset-password', ...signedOutPage(() => import('@web/features/auth/routes/reset-password-page')) },
      { path: '/invite', element: <Navigate to="/auth" replace /> },
      { path: '/invite/:code', ...signedOutPage(() => import('@web/features/invitations/routes/invite-page')) },
      { path: '/join', ...signedOutPage(() => import('@web/features/invitations/routes/join-page')) },
      { path: '/tv', ...page(() => import('@web/features/scoreboard/routes/tv-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/awaiting-assignment', ...page(() => import('@web/features/auth/routes/awaiting-assignment-page')) },
          { path: '/onboarding', ...signedOutPage(() => import('@web/features/auth/routes/onboarding-page')) },
          {
            element: <OnboardingGate />,
            children: [
              {
                path: '/app',
                // The shell (sidebar, header, command palette, live updates) is a chunk of its own.
                lazy: async () => {
                  const [{ AppShell }] = await Promise.all([importOrReload(() => import('./shell/app-shell')), loadCatalogs('app')]);
                  return { Component: AppShell };
                },
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
      { path: '*', ...signedOutPage(() => import('./not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
