import { cn } from '@web/lib/cn';
import { computeAvatarHue, computeInitials } from '../lib/member-name';

/** Initials on a colour that stays the same for a person on every screen (decorative). */
export function MemberAvatar({ name, userId, className }: { name: string; userId: string; className?: string }) {
  const hue = computeAvatarHue(userId);
  return (
    <span
      aria-hidden
      className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold', className)}
      style={{ backgroundColor: `oklch(0.93 0.045 ${hue})`, color: `oklch(0.4 0.11 ${hue})` }}
    >
      {computeInitials(name)}
    </span>
  );
}
