import type { CelebrationCard, CelebrationKind } from '@core/celebrations';
import {
  AwardIcon,
  CalendarCheckIcon,
  CrownIcon,
  FlagIcon,
  FlameIcon,
  type LucideIcon,
  PartyPopperIcon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
} from 'lucide-react';
import { ACTIVITY_TYPE_ICON_COMPONENTS } from './activity-type-icon';

/**
 * How each kind of celebration looks (decision 051): one icon everywhere, a solid colour on the wall
 * TV (seen across a room) and a soft one in the app's corner card (never louder than the work).
 */
export const CELEBRATION_LOOKS: Record<CelebrationKind, { icon: LucideIcon; wall: string; app: string }> = {
  sale: { icon: PartyPopperIcon, wall: 'bg-gold text-[oklch(0.3_0.07_80)]', app: 'bg-warning-soft text-warning-strong' },
  meeting: { icon: CalendarCheckIcon, wall: 'bg-success text-white', app: 'bg-success-soft text-success' },
  goal: { icon: TargetIcon, wall: 'bg-success text-white', app: 'bg-success-soft text-success' },
  record: { icon: FlameIcon, wall: 'bg-[oklch(0.64_0.2_35)] text-white', app: 'bg-destructive/10 text-destructive' },
  contest: { icon: TrophyIcon, wall: 'bg-gold text-[oklch(0.3_0.07_80)]', app: 'bg-warning-soft text-warning-strong' },
  badge: { icon: AwardIcon, wall: 'bg-primary text-primary-foreground', app: 'bg-primary-soft text-primary' },
  contestStarted: { icon: FlagIcon, wall: 'bg-primary text-primary-foreground', app: 'bg-primary-soft text-primary' },
  contestLead: { icon: CrownIcon, wall: 'bg-gold text-[oklch(0.3_0.07_80)]', app: 'bg-warning-soft text-warning-strong' },
  activity: { icon: StarIcon, wall: 'bg-primary text-primary-foreground', app: 'bg-primary-soft text-primary' },
};

/** A card's look: its kind's, wearing an own type's icon when every one on it is of that type (decision 105). */
export function findCelebrationLook(card: CelebrationCard): { icon: LucideIcon; wall: string; app: string } {
  const look = CELEBRATION_LOOKS[card.kind];
  const icons = new Set(card.events.map((event) => event.ownType?.icon));
  const [icon] = icons;
  return card.kind === 'activity' && icons.size === 1 && icon ? { ...look, icon: ACTIVITY_TYPE_ICON_COMPONENTS[icon] } : look;
}
