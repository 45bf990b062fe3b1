import { PersonAvatar } from '@web/components/person-avatar';
import { useAuth } from '@web/lib/auth/auth-provider';

/** The signed-in person in the header: the uploaded picture, else the e-mail's first letter. */
export function AccountAvatar() {
  const { me } = useAuth();
  if (!me) return null;
  // Only the uploaded picture (our own path, decision 023); never the sign-in account's image field.
  return <PersonAvatar name={me.user.email} avatarUrl={me.profile?.avatarUrl} className="size-9 text-sm" />;
}

export const ACCOUNT_TRIGGER_CLASS = 'rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';
