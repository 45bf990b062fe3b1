import { LanguagesIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { type Language, normalizeLanguage } from '@web/i18n';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useChooseLanguage } from '@web/lib/auth/language-preference';
import { paths } from '@web/lib/paths';

/** Avatar menu: e-mail, Settings, language, Log out. The uploaded picture, else the e-mail's first letter. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const chooseLanguage = useChooseLanguage();
  if (!me) return null;
  // Only the uploaded picture (our own path, decision 023); never the sign-in account's image field.
  const avatarUrl = me.profile?.avatarUrl ?? undefined;
  const initial = (me.user.email[0] ?? '?').toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        aria-label={t('header.accountMenu')}
      >
        <Avatar className="size-9 border">
          {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
          <AvatarFallback>{initial}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="truncate font-normal">
          <span className="block truncate text-sm font-medium text-foreground">{me.profile?.displayName ?? me.user.name}</span>
          <span className="block truncate">{me.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.app.settings())}>
          <SettingsIcon /> {t('nav.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2">
          <LanguagesIcon className="size-3.5" aria-hidden /> {t('header.language')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={normalizeLanguage(i18n.language)} onValueChange={(v) => void chooseLanguage(v as Language)}>
          <DropdownMenuRadioItem value="en">English</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="nb">Norsk (bokmål)</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon /> {t('header.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
