import {
  BarChart3Icon,
  Building2Icon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  ClipboardCheckIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PhoneCallIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { paths } from '@web/lib/paths';

export type NavItem = { to: string; labelKey: string; icon: LucideIcon };

/** The eight sidebar items, in order. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.app.dashboard, labelKey: 'nav.dashboard', icon: LayoutDashboardIcon },
  { to: paths.app.activity, labelKey: 'nav.activity', icon: PhoneCallIcon },
  { to: paths.app.company, labelKey: 'nav.company', icon: Building2Icon },
  { to: paths.app.teamOverview, labelKey: 'nav.teamOverview', icon: UsersIcon },
  { to: paths.app.wrapup, labelKey: 'nav.wrapup', icon: ClipboardCheckIcon },
  { to: paths.app.weekly, labelKey: 'nav.weekly', icon: CalendarRangeIcon },
  { to: paths.app.monthly, labelKey: 'nav.monthly', icon: CalendarDaysIcon },
  { to: paths.app.settings(), labelKey: 'nav.settings', icon: SettingsIcon },
];

/** Shown to admins only, below the eight. */
export const ADMIN_NAV_ITEM: NavItem = { to: paths.admin.users, labelKey: 'nav.admin', icon: ShieldCheckIcon };

export const TV_ICON = BarChart3Icon;
