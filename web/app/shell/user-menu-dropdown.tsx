import { LanguagesIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { type Language, LANGUAGE_NAMES, normalizeLanguage, SUPPORTED_LANGUAGES } from '@web/i18n';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useChooseLanguage } from '@web/lib/auth/language-preference';
import { paths } from '@web/lib/paths';
import { ACCOUNT_TRIGGER_CLASS, AccountAvatar } from './account-avatar';

/** The avatar menu itself (its own chunk, loaded when it first opens: ./user-menu.tsx). */
export function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const chooseLanguage = useChooseLanguage();
  if (!me) return null;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={ACCOUNT_TRIGGER_CLASS} aria-label={t('header.accountMenu')}>
        <AccountAvatar />
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
          {SUPPORTED_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon /> {t('header.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
