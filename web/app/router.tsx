import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';
import { type Location, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { loadNamespaces, type Namespace } from '@web/i18n';
import { importOrReload } from '@web/lib/lazy-import';
import { getMeQueryOptions } from '@web/lib/auth/get-me';
import { getPageQueryClient } from '@web/lib/query-client';
import { AdminGuard, OnboardingGate, RedirectIfSignedIn, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RootRedirect } from './root-redirect';

/*
 * The route table (decision 026). Every screen is a lazy module exporting `Component`: the
 * landing page loads none of the app, a signed-out screen nothing of the signed-in app (not even
 * the shell), and each screen only its own code and its translation namespaces, fetched together.
 * The declarative router (useRoutes) is used rather than a data router: nothing here needs loaders
 * or actions, and it is about 16 KB gzipped lighter on every page. Navigations run in a transition
 * (BrowserRouter's default), so the current screen stays until the next one has loaded, and
 * AppRoutes starts every matched module at once (the shell and its page in parallel).
 * A module that is gone after a deploy reloads the page once (lib/lazy-import.ts); if that does
 * not help, the error screen offers the reload.
 */
type RouteModule = {
  Component: ComponentType;
  /**
   * A start screen's first answers, asked as soon as its code is in, before the first render
   * (decision 085): a query starts only once its component has rendered and committed, a second
   * on a throttled phone. `search` is the address's query (a team, a ranking).
   */
  prefetch?: (queryClient: QueryClient, search: URLSearchParams) => void;
};
type LazyHandle = { preload: () => Promise<RouteModule> };

/**
 * A lazy screen: its module and the namespaces it speaks (besides common and auth). A failure is
 * kept (React.lazy keeps it too): the error screen offers a reload, and the preloading in
 * AppRoutes does not ask the server again on every render.
 */
function page(load: () => Promise<RouteModule>, namespaces: readonly Namespace[] = []): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<RouteModule> | null = null;
  // Once loaded (preloadRoutes starts the start screen's as the entry runs), the screen renders in
  // the same pass as its parent: React.lazy suspends once even for a promise that has settled, and
  // on a throttled phone each suspended level cost a render pass of its own (decision 085).
  let loaded: ComponentType | null = null;
  const preload = () =>
    (loading ??= Promise.all([importOrReload(load), loadNamespaces(namespaces)]).then(([module]) => {
      loaded = module.Component;
      return module;
    }));
  const LazyScreen = lazy(() => preload().then((module) => ({ default: module.Component })));
  function Screen() {
    // Chosen once per mount: switching from LazyScreen to the module later would remount the screen.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyScreen />;
  }
  return { element: <Screen />, handle: { preload } satisfies LazyHandle };
}

/** The scoreboard screens name former members (privacy's words). */
const SCOREBOARD: readonly Namespace[] = ['scoreboard', 'privacy'];
/** Coaching (decision 045): names of people (a former member, the fallback) come from privacy and scoreboard. */
const COACHING: readonly Namespace[] = ['coaching', 'privacy', 'scoreboard'];

const PUBLIC_PAGES = ['features', 'pricing', 'demo', 'api', 'help', 'docs', 'status', 'privacy', 'terms', 'gdpr', 'security'];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/landing', ...page(() => import('@web/features/public-pages/routes/public-page')) },
      // The sign-in page is pre-rendered like the public site (decision 029): the app hands over.
      { path: '/auth', ...page(() => import('@web/features/public-pages/routes/public-page')) },
      { path: '/contact', ...page(() => import('@web/features/public-pages/routes/contact-page')) },
      ...PUBLIC_PAGES.map((slug) => ({ path: `/${slug}`, ...page(() => import('@web/features/public-pages/routes/public-page')) })),
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/auth/register', ...page(() => import('@web/features/auth/routes/register-page')) },
          { path: '/auth/forgot-password', ...page(() => import('@web/features/auth/routes/forgot-password-page')) },
        ],
      },
      { path: '/auth/callback', ...page(() => import('@web/features/auth/routes/callback-page')) },
      // Outside RedirectIfSignedIn: a reset link works in a browser that is still signed in.
      { path: '/auth/reset-password', ...page(() => import('@web/features/auth/routes/reset-password-page')) },
      { path: '/invite', element: <Navigate to="/auth" replace /> },
      { path: '/invite/:code', ...page(() => import('@web/features/invitations/routes/invite-page'), ['invitations']) },
      { path: '/join', ...page(() => import('@web/features/invitations/routes/join-page'), ['invitations']) },
      { path: '/tv', ...page(() => import('@web/features/tv/routes/tv-page'), SCOREBOARD) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/awaiting-assignment', ...page(() => import('@web/features/auth/routes/awaiting-assignment-page'), ['settings']) },
          { path: '/onboarding', ...page(() => import('@web/features/auth/routes/onboarding-page')) },
          {
            element: <OnboardingGate />,
            children: [
              {
                path: '/app',
                // The shell (sidebar, header, command palette, live updates) is a chunk of its own; it
                // speaks activity for the offline line above every screen (decision 054).
                ...page(() => import('./shell/app-shell').then((module) => ({ Component: module.AppShell })), ['activity']),
                children: [
                  { index: true, ...page(() => import('@web/features/dashboard/routes/dashboard-page'), SCOREBOARD) },
                  { path: 'dashboard', ...page(() => import('@web/features/dashboard/routes/dashboard-page'), SCOREBOARD) },
                  { path: 'activity', ...page(() => import('./routes/activity-page'), ['activity', 'privacy', 'targets']) },
                  { path: 'quick-log', ...page(() => import('@web/features/activity/routes/quick-log-page'), ['activity']) },
                  { path: 'company', ...page(() => import('@web/features/reports/routes/company-page'), SCOREBOARD) },
                  { path: 'team/overview', ...page(() => import('@web/features/reports/routes/team-overview-page'), SCOREBOARD) },
                  { path: 'wrapup', ...page(() => import('./routes/wrapup-page'), ['wrapup', 'coaching', 'privacy', 'scoreboard']) },
                  { path: 'coaching', ...page(() => import('@web/features/coaching/routes/coaching-page'), COACHING) },
                  {
                    path: 'coaching/wrapups/:wrapupId',
                    ...page(() => import('@web/features/coaching/routes/coaching-wrapup-page'), COACHING),
                  },
                  { path: 'weekly', ...page(() => import('@web/features/reports/routes/weekly-page'), SCOREBOARD) },
                  { path: 'monthly', ...page(() => import('@web/features/reports/routes/monthly-page'), ['scoreboard']) },
                  { path: 'kpis', ...page(() => import('@web/features/kpis/routes/kpis-page'), ['settings', 'scoreboard', 'privacy']) },
                  { path: 'boards', ...page(() => import('@web/features/boards/routes/boards-page'), ['scoreboard']) },
                  {
                    path: 'boards/:id',
                    ...page(() => import('@web/features/boards/routes/board-page'), ['scoreboard', 'privacy', 'settings']),
                  },
                  // Team leads and admins (decision 044); the server answers a rep who leads no team with 403, which the page words.
                  { path: 'targets', ...page(() => import('@web/features/targets/routes/team-targets-page'), ['targets', 'settings']) },
                  { path: 'settings', ...page(() => import('./routes/settings-page'), ['settings', 'privacy', 'data', 'scoreboard']) },
                  // Contests (decision 049): everyone reads them; admins and team leads run them.
                  { path: 'contests', ...page(() => import('@web/features/contests/routes/contests-page'), ['contests']) },
                  { path: 'contests/:id', ...page(() => import('@web/features/contests/routes/contest-page'), ['contests', 'settings']) },
                  {
                    path: 'people/:id',
                    ...page(() => import('./routes/person-page'), ['people', 'targets', 'scoreboard', 'privacy', 'coaching', 'activity']),
                  },
                  {
                    path: 'setup',
                    element: <AdminGuard />,
                    children: [{ index: true, ...page(() => import('./routes/setup-page'), ['settings']) }],
                  },
                  {
                    path: 'admin',
                    element: <AdminGuard />,
                    children: [
                      {
                        ...page(() => import('./routes/admin-layout'), ['audit', 'imports', 'inbox']),
                        children: [
                          { index: true, element: <Navigate to="users" replace /> },
                          { path: 'users', ...page(() => import('./routes/admin-users-page'), ['settings', 'privacy']) },
                          { path: 'teams', ...page(() => import('@web/features/teams/routes/admin-teams-page'), ['settings']) },
                          { path: 'kpi', ...page(() => import('@web/features/kpi-rules/routes/admin-kpi-page'), ['settings']) },
                          { path: 'kpis', ...page(() => import('@web/features/kpis/routes/admin-kpis-page'), ['settings']) },
                          {
                            path: 'activity-types',
                            ...page(
                              () => import('@web/features/activity-types/routes/admin-activity-types-page'),
                              ['activity', 'settings'],
                            ),
                          },
                          { path: 'targets', ...page(() => import('@web/features/targets/routes/admin-targets-page'), ['targets']) },
                          { path: 'customers', ...page(() => import('@web/features/customers/routes/admin-customers-page'), ['settings']) },
                          {
                            path: 'import',
                            ...page(() => import('@web/features/imports/routes/admin-import-page'), ['settings', 'imports']),
                          },
                          {
                            path: 'integrations',
                            ...page(() => import('./routes/admin-integrations-page'), ['scoreboard', 'settings']),
                          },
                          {
                            path: 'celebrations',
                            ...page(() => import('@web/features/celebrations/routes/admin-celebrations-page'), ['settings']),
                          },
                          {
                            path: 'webhooks',
                            ...page(() => import('@web/features/webhooks/routes/admin-webhooks-page'), ['settings', 'webhooks']),
                          },
                          {
                            path: 'connections',
                            ...page(() => import('@web/features/connections/routes/admin-connections-page'), ['settings', 'connections']),
                          },
                          { path: 'billing', ...page(() => import('@web/features/billing/routes/admin-billing-page'), ['settings']) },
                          { path: 'inbox', ...page(() => import('@web/features/inbox/routes/admin-inbox-page'), ['settings', 'inbox']) },
                          {
                            path: 'audit',
                            ...page(
                              () => import('@web/features/audit/routes/admin-audit-page'),
                              ['settings', 'audit', 'targets', 'scoreboard', 'privacy'],
                            ),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              // /admin: admin-guarded; it opens the console inside the app shell.
              { path: '/admin', element: <AdminGuard />, children: [{ index: true, element: <Navigate to="/app/admin/users" replace /> }] },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found')) },
    ],
  },
];

/**
 * Starts loading the code of every screen matching this location, all at once; `withData` (the
 * page's first screen, web/main.tsx) asks for the screens' first answers too as their code comes in.
 */
export function preloadRoutes(location: Partial<Location>, { withData = false } = {}): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    // A failure shows when the screen renders (the error screen); here it is only a head start.
    const loading = (match.route.handle as LazyHandle | undefined)?.preload();
    loading?.then((module) => (withData && module.prefetch ? prefetchFor(module.prefetch, location) : undefined)).catch(() => {});
  }
}

/**
 * A screen's first answers, once /me (asked by the page itself, decision 085) says a member of a
 * company is signed in: for anyone else (signed out, a first visit before the membership exists)
 * they would only be refusals, and each refusal a console error.
 */
async function prefetchFor(prefetch: NonNullable<RouteModule['prefetch']>, location: Partial<Location>): Promise<void> {
  const queryClient = getPageQueryClient();
  const me = await queryClient.fetchQuery(getMeQueryOptions());
  if (me?.profile && me.company) prefetch(queryClient, new URLSearchParams(location.search));
}

/** The app's routes, for <BrowserRouter>. */
export function AppRoutes() {
  const location = useLocation();
  preloadRoutes(location);
  return useRoutes(routes);
}
