import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { computeAvatarHue, computeInitials } from '../lib/member-name';

/**
 * The member's uploaded picture (always our own /api/v1/avatars/... path, decision 023), else
 * initials on a colour that stays the same for a person on every screen. Decorative: the name is
 * always written beside it. The initials show until the picture has loaded, and stay if it fails.
 */
export function MemberAvatar({
  name,
  userId,
  avatarUrl,
  className,
}: {
  name: string;
  userId: string;
  avatarUrl?: string | null;
  className?: string;
}) {
  const hue = computeAvatarHue(userId);
  return (
    <Avatar aria-hidden data-slot="member-avatar" className={cn('size-8 text-xs font-semibold', className)}>
      {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
      <AvatarFallback
        className="text-[length:inherit]"
        style={{ backgroundColor: `oklch(0.93 0.045 ${hue})`, color: `oklch(0.4 0.11 ${hue})` }}
      >
        {computeInitials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
