import { MenuIcon, PanelLeftIcon, PlusIcon, ShieldAlertIcon, TvIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@web/components/error-fallback';
import { OfflineBanner } from '@web/components/offline-banner';
import { Wordmark } from '@web/components/logo';
import { PageSkeleton } from '@web/components/page-skeleton';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@web/components/ui/tooltip';
import { useAuth } from '@web/lib/auth/auth-provider';
import { importOrReload } from '@web/lib/lazy-import';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { RealtimeProvider } from '@web/lib/realtime-provider';
import { useIsTeamLead } from '@web/lib/teams';
import { CommandPalette } from './command-palette';
import { useKeyboardShortcuts } from './keyboard-shortcuts';
import { DesktopSidebar } from './sidebar';
import { useSidebarState } from './sidebar-state';
import { UserMenu } from './user-menu';

// The shortcuts' list loads the first time ? is pressed (or the palette asks for it).
const ShortcutsDialog = lazy(() =>
  importOrReload(() => import('./shortcuts-dialog')).then((module) => ({ default: module.ShortcutsDialog })),
);
// Offline and waiting logs (decision 054): the line above every screen, and the sync it runs, load after the shell.
const PendingSyncNotice = lazy(() =>
  importOrReload(() => import('@web/features/activity/components/pending-sync-notice')).then((module) => ({
    default: module.PendingSyncNotice,
  })),
);
const MobileNav = lazy(() => importOrReload(() => import('./mobile-nav')).then((module) => ({ default: module.MobileNav })));

/** The /app shell: collapsible sidebar (a sheet under 768 px), header, and the live event stream. */
export function AppShell() {
  const { t } = useTranslation();
  const { isAdmin, me } = useAuth();
  // Coaching is for admins and team leads (decision 045); the teams list tells who leads.
  const isCoach = useIsTeamLead(me?.user.id);
  const location = useLocation();
  const sidebar = useSidebarState();
  const accessDenied = Boolean((location.state as { accessDenied?: boolean } | null)?.accessDenied);
  const mobileNavOpen = sidebar.isMobile && sidebar.mobileOpen;
  // The sheet's code loads the first time it opens; then it stays mounted so it can animate closed.
  const [mobileNavWanted, setMobileNavWanted] = useState(false);
  if (mobileNavOpen && !mobileNavWanted) setMobileNavWanted(true);
  // C, M, S log a call, a meeting, a sale from any screen; ? lists the shortcuts (decision 056).
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [shortcutsWanted, setShortcutsWanted] = useState(false);
  if (shortcutsOpen && !shortcutsWanted) setShortcutsWanted(true);
  useKeyboardShortcuts(setShortcutsOpen);

  return (
    <RealtimeProvider timeZone={me?.company?.timezone}>
      {/* Tooltips are the shell's (sidebar, header, the pages in it): not part of the signed-out pages. */}
      <TooltipProvider>
        {/* The first thing the Tab key reaches: past the sidebar's links and the header to the screen itself. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-ring"
        >
          {t('header.skipToContent')}
        </a>
        <div className="flex min-h-dvh bg-background">
          <DesktopSidebar open={sidebar.open} isAdmin={isAdmin} isCoach={isCoach} />
          {shortcutsWanted && (
            <Suspense fallback={null}>
              <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
            </Suspense>
          )}
          {mobileNavWanted && (
            <Suspense fallback={null}>
              <MobileNav open={mobileNavOpen} onOpenChange={sidebar.setMobileOpen} isAdmin={isAdmin} isCoach={isCoach} />
            </Suspense>
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-card/85 px-3 backdrop-blur sm:px-5">
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button variant="ghost" size="icon" onClick={sidebar.toggle} aria-label={t('header.toggleSidebar')}>
                    {sidebar.isMobile ? <MenuIcon /> : <PanelLeftIcon />}
                  </Button>
                </TooltipTrigger>
                <TooltipContent>{t('header.toggleSidebarHint')}</TooltipContent>
              </Tooltip>
              {/* The bar's one part that gives way on a phone: the mark stands alone (the name, cut to
                  "Dealb…" beside the buttons, read as a fault) and names the link to a screen reader;
                  the buttons keep their size. */}
              <Link to={paths.app.dashboard} className={cn('min-w-0', sidebar.open && 'md:hidden')}>
                <Wordmark markClassName="size-6" nameClassName="max-sm:sr-only" className="max-w-full" />
              </Link>
              <div className="flex min-w-0 flex-1 justify-center">
                <CommandPalette isAdmin={isAdmin} isCoach={isCoach} onShowShortcuts={() => setShortcutsOpen(true)} />
              </div>
              <Button asChild size="sm">
                <Link to={paths.app.activity}>
                  <PlusIcon /> {t('header.log')}
                </Link>
              </Button>
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button variant="ghost" size="icon" asChild>
                    <a href={paths.tv} target="_blank" rel="noopener" aria-label={t('header.tvMode')}>
                      <TvIcon />
                    </a>
                  </Button>
                </TooltipTrigger>
                <TooltipContent>{t('header.tvMode')}</TooltipContent>
              </Tooltip>
              <UserMenu />
            </header>
            {/* data-path: the address this main shows. The router draws a new screen in a transition,
                so the old one stays until the new one is ready; a journey that moves in the app waits for it. */}
            <main
              id="main"
              tabIndex={-1}
              data-path={`${location.pathname}${location.search}`}
              className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
            >
              {/* Quick log and My Activity show it in their own place. */}
              {location.pathname !== paths.app.quickLog && location.pathname !== paths.app.activity && (
                <Suspense fallback={null}>
                  <PendingSyncNotice className="mb-6" />
                </Suspense>
              )}
              {/* Offline: what the device kept and from when (decision 082). Quick log works offline and says so itself. */}
              {location.pathname !== paths.app.quickLog && <OfflineBanner className="mb-6" />}
              {accessDenied && (
                <Alert variant="destructive" className="mb-6">
                  <ShieldAlertIcon />
                  <AlertDescription>{t('accessDenied')}</AlertDescription>
                </Alert>
              )}
              {/* A page's code loads on its first visit: the skeleton holds its place meanwhile. A page
                  that fails (its code gone after a deploy, say) shows the error screen here, in the shell. */}
              <ErrorBoundary resetKey={location.pathname}>
                <Suspense fallback={<PageSkeleton />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </main>
          </div>
        </div>
      </TooltipProvider>
    </RealtimeProvider>
  );
}
