import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '@web/components/logo';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { getBrandName } from '@web/lib/brand';
import { cn } from '@web/lib/cn';
import { useCoachingUnread } from '@web/features/coaching/api/get-coaching-unread';
import { ADMIN_NAV_ITEM, COACHING_NAV_ITEM, type NavItem, navItemsFor, QUICK_LOG_NAV_ITEM } from './nav-items';

/** Exact path match (so /app is not active on /app/activity). */
function isActive(item: NavItem, pathname: string): boolean {
  const target = item.to.split('?')[0];
  if (item === ADMIN_NAV_ITEM) return pathname.startsWith('/app/admin');
  if (item === COACHING_NAV_ITEM) return pathname.startsWith('/app/coaching');
  return pathname === target || (target === '/app' && pathname === '/app/dashboard');
}

export function SidebarNav({
  collapsed,
  isAdmin,
  isCoach,
  onNavigate,
  isPhone = false,
}: {
  collapsed: boolean;
  isAdmin: boolean;
  /** The phone's sheet: Quick log comes first. */
  isPhone?: boolean;
  /** Leads a team (decision 045): Coaching is in the list. */
  isCoach?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = isPhone ? [QUICK_LOG_NAV_ITEM, ...navItemsFor({ isAdmin, isCoach })] : navItemsFor({ isAdmin, isCoach });
  const unread = useCoachingUnread(isAdmin || isCoach === true).data?.unreadCount ?? 0;
  return (
    <nav aria-label={t('nav.label')} className="flex flex-1 flex-col gap-0.5 px-2">
      {items.map((item) => {
        const active = isActive(item, pathname);
        const link = (
          <Link
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'group flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-muted transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring',
              active && 'bg-sidebar-accent text-white shadow-[inset_3px_0_0_var(--color-success)]',
              collapsed && 'justify-center px-0',
              item === ADMIN_NAV_ITEM && 'mt-3',
            )}
          >
            <span className="relative shrink-0">
              <item.icon className={cn('size-[18px]', active ? 'text-success' : '')} aria-hidden />
              {item === COACHING_NAV_ITEM && unread > 0 && collapsed && (
                <span className="absolute -top-1 -right-1 size-2 rounded-full bg-success ring-2 ring-sidebar" aria-hidden />
              )}
            </span>
            <span className={cn(collapsed && 'sr-only')}>{t(item.labelKey)}</span>
            {item === COACHING_NAV_ITEM && unread > 0 && (
              <span
                data-testid="coaching-unread"
                className={cn(
                  'ml-auto min-w-5 rounded-full bg-success px-1.5 text-center text-xs leading-5 font-semibold text-sidebar tabular-nums',
                  collapsed && 'sr-only',
                )}
              >
                <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
                <span className="sr-only"> ({t('nav.coachingUnread', { count: unread })})</span>
              </span>
            )}
          </Link>
        );
        if (!collapsed) return link;
        return (
          <Tooltip key={item.to}>
            <TooltipTrigger asChild>{link}</TooltipTrigger>
            <TooltipContent side="right">{t(item.labelKey)}</TooltipContent>
          </Tooltip>
        );
      })}
    </nav>
  );
}

/** The desktop sidebar: 16rem open, 3rem of icons when collapsed. */
export function DesktopSidebar({ open, isAdmin, isCoach }: { open: boolean; isAdmin: boolean; isCoach?: boolean }) {
  // The outer column stretches with the page (so the navy runs to the bottom); the inner one sticks.
  return (
    <div className={cn('hidden shrink-0 bg-sidebar transition-[width] duration-200 md:block', open ? 'w-64' : 'w-12')}>
      <aside data-state={open ? 'expanded' : 'collapsed'} className="sticky top-0 flex h-dvh flex-col text-sidebar-foreground">
        <SidebarBrand collapsed={!open} />
        <SidebarNav collapsed={!open} isAdmin={isAdmin} isCoach={isCoach} />
      </aside>
    </div>
  );
}

export function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/app" className={cn('flex h-14 items-center gap-2.5 px-3 text-white', collapsed && 'justify-center px-0')}>
      <LogoMark className="size-7 shrink-0" />
      <span className={cn('text-[15px] font-semibold tracking-tight', collapsed && 'sr-only')}>{getBrandName()}</span>
    </Link>
  );
}
