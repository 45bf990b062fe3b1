import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@web/lib/auth/auth-provider';
import { importOrReload } from '@web/lib/lazy-import';
import { LoadOnIntent } from '@web/components/load-on-intent';
import { ACCOUNT_TRIGGER_CLASS, AccountAvatar } from './account-avatar';

// The menu (Radix's dropdown, about 7 KB gzipped) is not part of the shell's first load.
const loadDropdown = () => importOrReload(() => import('./user-menu-dropdown'));
const UserMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.UserMenuDropdown })));

/** Avatar menu: e-mail, Settings, language, Log out. The uploaded picture, else the e-mail's first letter. */
export function UserMenu() {
  const { t } = useTranslation();
  const { me } = useAuth();
  if (!me) return null;
  // Until the menu is first opened, the same avatar as a plain button (what Radix's trigger renders).
  return (
    <LoadOnIntent
      preload={loadDropdown}
      trigger={(triggerProps) => (
        <button
          type="button"
          className={ACCOUNT_TRIGGER_CLASS}
          aria-label={t('header.accountMenu')}
          aria-haspopup="menu"
          aria-expanded={false}
          {...triggerProps}
        >
          <AccountAvatar />
        </button>
      )}
    >
      <UserMenuDropdown defaultOpen />
    </LoadOnIntent>
  );
}
