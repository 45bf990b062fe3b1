import type { BadgeKind } from '@core/contracts';
import { CrownIcon, FlameIcon, GemIcon, type LucideIcon, PartyPopperIcon, PhoneCallIcon, RocketIcon, TrophyIcon } from 'lucide-react';

/**
 * How each badge looks everywhere it is shown (a rep's page, the leaderboard row, the TV, the
 * admins' switches): one icon and one colour per kind (decision 050).
 */
export const BADGE_LOOKS: Readonly<Record<BadgeKind, { Icon: LucideIcon; tone: string }>> = {
  first_sale: {
    Icon: PartyPopperIcon,
    tone: 'bg-emerald-100 text-emerald-700 ring-emerald-300 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  tenth_sale: { Icon: GemIcon, tone: 'bg-sky-100 text-sky-700 ring-sky-300 dark:bg-sky-500/15 dark:text-sky-300' },
  hundred_calls_week: {
    Icon: PhoneCallIcon,
    tone: 'bg-indigo-100 text-indigo-700 ring-indigo-300 dark:bg-indigo-500/15 dark:text-indigo-300',
  },
  personal_best_day: {
    Icon: RocketIcon,
    tone: 'bg-fuchsia-100 text-fuchsia-700 ring-fuchsia-300 dark:bg-fuchsia-500/15 dark:text-fuchsia-300',
  },
  team_best_month: { Icon: CrownIcon, tone: 'bg-amber-100 text-amber-700 ring-amber-300 dark:bg-amber-500/15 dark:text-amber-300' },
  goal_streak: { Icon: FlameIcon, tone: 'bg-orange-100 text-orange-700 ring-orange-300 dark:bg-orange-500/15 dark:text-orange-300' },
  contest_winner: { Icon: TrophyIcon, tone: 'bg-yellow-100 text-yellow-700 ring-yellow-300 dark:bg-yellow-500/15 dark:text-yellow-300' },
};
