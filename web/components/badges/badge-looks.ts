import { pickName } from '@core/activity-types';
import type { BadgeKind, CompanyBadgeLook } from '@core/contracts';
import {
  AwardIcon,
  CrownIcon,
  FlameIcon,
  GemIcon,
  type LucideIcon,
  PartyPopperIcon,
  PhoneCallIcon,
  RocketIcon,
  TrophyIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { ACTIVITY_TYPE_ICON_COMPONENTS, ACTIVITY_TYPE_TONES } from '../activity-type-icon';

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
  // A company's own badge wears its own icon and colour (findBadgeLook); this only if its look is missing.
  company: { Icon: AwardIcon, tone: 'bg-primary-soft text-primary ring-current/25' },
};

/** A badge as earned or summed up: its kind and, for a company's own (decision 107), its look. */
type ShownBadge = { kind: BadgeKind; look?: CompanyBadgeLook };

/** The icon and colour a badge is drawn with: a company's own badge its admin's choice, in the activity types' tones. */
export function findBadgeLook(badge: ShownBadge): { Icon: LucideIcon; tone: string } {
  if (badge.kind === 'company' && badge.look) {
    return { Icon: ACTIVITY_TYPE_ICON_COMPONENTS[badge.look.icon], tone: `${ACTIVITY_TYPE_TONES[badge.look.colour]} ring-current/25` };
  }
  return BADGE_LOOKS[badge.kind];
}

/** A badge's name in the reader's language: a company's own by its names, a built-in one by the catalogue. */
export function nameBadge(badge: ShownBadge, t: TFunction, language: string, companyLanguage?: string | null): string {
  if (badge.kind === 'company' && badge.look) return pickName(badge.look.names, language, companyLanguage);
  return t(`scoreboard:badges.kinds.${badge.kind}.name`);
}
