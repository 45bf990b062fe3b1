import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';

/** The avatar image, else the first letter of the name (or e-mail), as the shell shows it. */
export function PersonAvatar({ name, email, url, className }: { name: string | null; email: string; url: string | null; className?: string }) {
  const initial = ((name?.trim() || email)[0] ?? '?').toUpperCase();
  return (
    <Avatar className={cn('border', className)}>
      {url && <AvatarImage src={url} alt="" />}
      <AvatarFallback className="text-[length:inherit]">{initial}</AvatarFallback>
    </Avatar>
  );
}
