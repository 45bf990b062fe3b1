import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';

const TABS = [
  { to: paths.admin.users, labelKey: 'admin.users', end: true },
  { to: paths.admin.teams, labelKey: 'admin.teams' },
  { to: paths.admin.kpi, labelKey: 'admin.kpi' },
  { to: paths.admin.activityTypes, labelKey: 'admin.activityTypes' },
  { to: paths.admin.kpis, labelKey: 'admin.kpis' },
  { to: paths.admin.targets, labelKey: 'admin.targets' },
  { to: paths.admin.celebrations, labelKey: 'admin.celebrations' },
  { to: paths.admin.customers, labelKey: 'admin.customers' },
  { to: paths.admin.imports, labelKey: 'imports:tab' },
  { to: paths.admin.integrations, labelKey: 'admin.integrations' },
  { to: paths.admin.webhooks, labelKey: 'admin.webhooks' },
  { to: paths.admin.connections, labelKey: 'admin.connections' },
  { to: paths.admin.billing, labelKey: 'admin.billing' },
  { to: paths.admin.audit, labelKey: 'audit:tab' },
  { to: paths.admin.inbox, labelKey: 'inbox:tab', operatorOnly: true },
];

/** The Administration console around /app/admin/*: heading, subtitle and its tabs, one per feature (the active one highlighted). */
export function Component() {
  const { t } = useTranslation();
  const { me } = useAuth();
  // The Inbox holds the installation's contact requests: only the operator company's admins have one.
  const tabs = TABS.filter((tab) => !('operatorOnly' in tab) || me?.operator);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: the open one is brought into view (Webhooks opened from a link is not off screen).
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
      {/* A phone scrolls the tabs sideways; a wide screen shows every one, on two rows when they do not fit on one. */}
      <nav ref={nav} aria-label={t('admin.title')} className="mb-6 flex gap-1 overflow-x-auto border-b lg:flex-wrap lg:overflow-visible">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                isActive ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {t(tab.labelKey)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}
