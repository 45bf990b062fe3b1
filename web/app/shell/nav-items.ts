import {
  BarChart3Icon,
  Building2Icon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  ClipboardCheckIcon,
  FlagIcon,
  GaugeIcon,
  LayoutDashboardIcon,
  LayoutGridIcon,
  type LucideIcon,
  MessagesSquareIcon,
  PhoneCallIcon,
  SettingsIcon,
  ShieldCheckIcon,
  TrophyIcon,
  UsersIcon,
  ZapIcon,
} from 'lucide-react';
import { paths } from '@web/lib/paths';

export type NavItem = { to: string; labelKey: string; icon: LucideIcon };

/** The eleven sidebar items, in order. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.app.dashboard, labelKey: 'nav.dashboard', icon: LayoutDashboardIcon },
  { to: paths.app.activity, labelKey: 'nav.activity', icon: PhoneCallIcon },
  { to: paths.app.company, labelKey: 'nav.company', icon: Building2Icon },
  { to: paths.app.teamOverview, labelKey: 'nav.teamOverview', icon: UsersIcon },
  { to: paths.app.wrapup, labelKey: 'nav.wrapup', icon: ClipboardCheckIcon },
  { to: paths.app.weekly, labelKey: 'nav.weekly', icon: CalendarRangeIcon },
  { to: paths.app.monthly, labelKey: 'nav.monthly', icon: CalendarDaysIcon },
  // KPIs (decision 101): every person's figures of the company's measures.
  { to: paths.app.kpis, labelKey: 'nav.kpis', icon: GaugeIcon },
  // Boards (decision 102): everyone's own, their team's and the company's.
  { to: paths.app.boards, labelKey: 'nav.boards', icon: LayoutGridIcon },
  // Contests (decision 049): everyone's, so in the main list.
  { to: paths.app.contests, labelKey: 'nav.contests', icon: TrophyIcon },
  { to: paths.app.settings(), labelKey: 'nav.settings', icon: SettingsIcon },
];

/** First on phones only (decision 054): the installed app's start screen. */
export const QUICK_LOG_NAV_ITEM: NavItem = { to: paths.app.quickLog, labelKey: 'nav.quickLog', icon: ZapIcon };

/** Shown to admins and team leads (decision 045), after Wrap Up. */
export const COACHING_NAV_ITEM: NavItem = { to: paths.app.coaching(), labelKey: 'nav.coaching', icon: MessagesSquareIcon };

/** Shown to admins and team leads (decision 044), after Coaching: their people's targets and goals. */
export const TARGETS_NAV_ITEM: NavItem = { to: paths.app.targets, labelKey: 'nav.targets', icon: FlagIcon };

/** Shown to admins only, below the nine. */
export const ADMIN_NAV_ITEM: NavItem = { to: paths.admin.users, labelKey: 'nav.admin', icon: ShieldCheckIcon };

export const TV_ICON = BarChart3Icon;

/** The sidebar's and palette's items for this person: coaching and targets for admins and team leads, Administration for admins. */
export function navItemsFor({ isAdmin, isCoach = false }: { isAdmin: boolean; isCoach?: boolean }): NavItem[] {
  const items = [...NAV_ITEMS];
  if (isAdmin || isCoach) {
    items.splice(items.findIndex((item) => item.to === paths.app.wrapup) + 1, 0, COACHING_NAV_ITEM, TARGETS_NAV_ITEM);
  }
  return isAdmin ? [...items, ADMIN_NAV_ITEM] : items;
}
