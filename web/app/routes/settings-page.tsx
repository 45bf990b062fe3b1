import {
  Building2Icon,
  ContactIcon,
  DownloadIcon,
  KeyRoundIcon,
  type LucideIcon,
  TrophyIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useSearchParam } from '@web/lib/use-search-param';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AppearanceCard } from '@web/features/account/components/appearance-card';
import { ChangePasswordCard } from '@web/features/account/components/change-password-card';
import { DigestCard } from '@web/features/account/components/digest-card';
import { NotificationsCard } from '@web/features/account/components/notifications-card';
import { PersonalSettings } from '@web/features/account/components/personal-settings';
import { ApiTokensSettings } from '@web/features/api-tokens/components/api-tokens-settings';
import { BadgeSettingsCard } from '@web/features/badges/components/badge-settings-card';
import { CompanyBadgesCard } from '@web/features/badges/components/company-badges-card';
import { YourDataCard } from '@web/features/account/components/your-data-card';
import { CompanySettings } from '@web/features/company/components/company-settings';
import { CustomersSettings } from '@web/features/customers/components/customers-settings';
import { ExportsSettings } from '@web/features/exports/components/exports-settings';
import { KpiRulesSettings } from '@web/features/kpi-rules/components/kpi-rules-settings';
import { SetupLinkCard } from './setup-link-card';
import { TeamSection } from './team-section';

const TABS: { value: string; icon: LucideIcon }[] = [
  { value: 'personal', icon: UserRoundIcon },
  { value: 'company', icon: Building2Icon },
  { value: 'team', icon: UsersIcon },
  { value: 'kpi', icon: TrophyIcon },
  { value: 'customers', icon: ContactIcon },
  { value: 'exports', icon: DownloadIcon },
  { value: 'api-tokens', icon: KeyRoundIcon },
];

/**
 * /app/settings: seven tabs, the active one in the URL (?tab=) so it survives a reload and can be
 * linked. It lives in the app layer because its tabs are other features' cards (account, company,
 * team and invitations, KPI rules, customers, exports, API tokens), and features do not import each other.
 */
export function Component() {
  const { t } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const [requested, onTabChange] = useSearchParam('tab');
  const tab = TABS.some((x) => x.value === requested) ? requested! : 'personal';

  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Tabs value={tab} onValueChange={onTabChange}>
        <div>
          <TabsList aria-label={t('title')} className="h-auto flex-wrap">
            {TABS.map(({ value, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-8 px-2.5 sm:px-3">
                <Icon aria-hidden className="hidden sm:block" />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <div className="mt-6 max-w-5xl">
          <TabsContent value="personal" className="mt-0 space-y-6">
            <PersonalSettings />
            <AppearanceCard />
            <DigestCard />
            <NotificationsCard />
            <ChangePasswordCard />
            <YourDataCard />
          </TabsContent>
          <TabsContent value="company" className="mt-0 space-y-6">
            <CompanySettings />
            {isAdmin && <BadgeSettingsCard />}
            {isAdmin && <CompanyBadgesCard />}
            <SetupLinkCard />
          </TabsContent>
          <TabsContent value="team" className="mt-0">
            <TeamSection variant="settings" />
          </TabsContent>
          <TabsContent value="kpi" className="mt-0">
            <KpiRulesSettings />
          </TabsContent>
          <TabsContent value="customers" className="mt-0">
            <CustomersSettings />
          </TabsContent>
          <TabsContent value="exports" className="mt-0">
            <ExportsSettings />
          </TabsContent>
          <TabsContent value="api-tokens" className="mt-0">
            <ApiTokensSettings />
          </TabsContent>
        </div>
      </Tabs>
    </>
  );
}
