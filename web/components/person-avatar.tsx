import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { computeAvatarHue, computeInitials } from '@web/lib/avatar-letters';

/**
 * A person's uploaded picture (always our own /api/v1/avatars/... path, decision 023), else
 * letters that stand in for it until the picture has loaded, and stay if it fails. Two looks,
 * as the screens had them:
 * - with `colorKey` (the person's id; the scoreboards, the TV): up to two initials on a colour
 *   that stays the same for that person on every screen; decorative, the name is written beside;
 * - without (settings, the members list, the shell's account menu): the first letter of `name`
 *   on the theme's colour, in a border.
 */
export function PersonAvatar({
  name,
  avatarUrl,
  colorKey,
  className,
}: {
  name: string;
  avatarUrl?: string | null;
  colorKey?: string;
  className?: string;
}) {
  if (colorKey === undefined) {
    return (
      <Avatar className={cn('border', className)}>
        {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
        <AvatarFallback className="text-[length:inherit]">{(name.trim()[0] ?? '?').toUpperCase()}</AvatarFallback>
      </Avatar>
    );
  }
  const hue = computeAvatarHue(colorKey);
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
