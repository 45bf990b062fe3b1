import type { TvScreenKind } from '@core/contracts';
import {
  ActivityIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  GaugeIcon,
  LayoutGridIcon,
  type LucideIcon,
  MegaphoneIcon,
  SwordsIcon,
  TrophyIcon,
  UsersIcon,
} from 'lucide-react';

/** Each kind of a playlist's screen by its icon: on the wall beside its heading, and in the admin's playlist editor. */
export const TV_SCREEN_ICONS: Record<TvScreenKind, LucideIcon> = {
  leaderboard: TrophyIcon,
  team: UsersIcon,
  week: CalendarRangeIcon,
  month: CalendarDaysIcon,
  kpi: GaugeIcon,
  message: MegaphoneIcon,
  contest: SwordsIcon,
  feed: ActivityIcon,
  board: LayoutGridIcon,
};
