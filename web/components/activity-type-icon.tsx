import type { ActivityTypeColour, ActivityTypeIcon as IconKey, OwnTypeLook, StoredActivityType } from '@core/contracts';
import { ActivityIcon } from './activity-icon';
import {
  BanknoteIcon,
  BriefcaseIcon,
  CalendarCheckIcon,
  CarIcon,
  ClipboardCheckIcon,
  CoffeeIcon,
  DoorOpenIcon,
  FileSignatureIcon,
  GiftIcon,
  HandshakeIcon,
  HeadsetIcon,
  type LucideIcon,
  MailIcon,
  MapPinIcon,
  MessageSquareIcon,
  PhoneCallIcon,
  PhoneIcon,
  PresentationIcon,
  ReceiptIcon,
  RepeatIcon,
  RocketIcon,
  SendIcon,
  ShoppingCartIcon,
  StarIcon,
  TargetIcon,
  ThumbsUpIcon,
  TrendingUpIcon,
  TrophyIcon,
  UsersIcon,
  VideoIcon,
  ZapIcon,
} from 'lucide-react';
import { cn } from '@web/lib/cn';

/** The icons a company's own activity type can wear (decision 100), by the contract's keys. */
export const ACTIVITY_TYPE_ICON_COMPONENTS: Record<IconKey, LucideIcon> = {
  phone: PhoneIcon,
  'phone-call': PhoneCallIcon,
  headset: HeadsetIcon,
  'calendar-check': CalendarCheckIcon,
  presentation: PresentationIcon,
  video: VideoIcon,
  handshake: HandshakeIcon,
  mail: MailIcon,
  'message-square': MessageSquareIcon,
  send: SendIcon,
  'door-open': DoorOpenIcon,
  'map-pin': MapPinIcon,
  car: CarIcon,
  'file-signature': FileSignatureIcon,
  banknote: BanknoteIcon,
  receipt: ReceiptIcon,
  'shopping-cart': ShoppingCartIcon,
  repeat: RepeatIcon,
  'trending-up': TrendingUpIcon,
  target: TargetIcon,
  trophy: TrophyIcon,
  star: StarIcon,
  users: UsersIcon,
  briefcase: BriefcaseIcon,
  'clipboard-check': ClipboardCheckIcon,
  coffee: CoffeeIcon,
  gift: GiftIcon,
  rocket: RocketIcon,
  'thumbs-up': ThumbsUpIcon,
  zap: ZapIcon,
};

/**
 * Each colour as the theme's soft background and strong foreground (the pairs the built-in kinds
 * wear, components/activity-icon.tsx), so contrast holds in light and dark without a colour of its own.
 */
export const ACTIVITY_TYPE_TONES: Record<ActivityTypeColour, string> = {
  blue: 'bg-primary-soft text-primary',
  green: 'bg-success-soft text-success',
  amber: 'bg-warning-soft text-warning-strong',
  red: 'bg-destructive-soft text-destructive',
  grey: 'bg-muted text-muted-foreground',
};

/** A company's own type as a round badge; decorative, its name is always written beside it. */
export function ActivityTypeBadge({ icon, colour, className }: { icon: IconKey; colour: ActivityTypeColour; className?: string }) {
  const Icon = ACTIVITY_TYPE_ICON_COMPONENTS[icon];
  return (
    <span
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', ACTIVITY_TYPE_TONES[colour], className)}
      aria-hidden
    >
      <Icon className="size-4" />
    </span>
  );
}

/**
 * A read activity's icon (a feed's, a list's): an own type wears its look; a built-in kind, renamed
 * or not (decision 116), its kind's icon.
 */
export function ReadActivityIcon({
  activity,
  className,
}: {
  activity: { type: StoredActivityType; ownType: Pick<OwnTypeLook, 'icon' | 'colour'> | null };
  className?: string;
}) {
  return activity.ownType && activity.type === 'custom' ? (
    <ActivityTypeBadge icon={activity.ownType.icon} colour={activity.ownType.colour} className={className} />
  ) : (
    <ActivityIcon type={activity.type} className={className} />
  );
}
