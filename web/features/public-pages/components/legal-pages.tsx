import {
  BarChart3Icon,
  ClipboardCheckIcon,
  CookieIcon,
  DatabaseIcon,
  DownloadIcon,
  EyeIcon,
  FileTextIcon,
  FlagIcon,
  GaugeIcon,
  GlobeIcon,
  HistoryIcon,
  KeyRoundIcon,
  LockKeyholeIcon,
  MailIcon,
  MonitorIcon,
  PencilIcon,
  ScaleIcon,
  ServerIcon,
  ShieldCheckIcon,
  TargetIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ArticleSections, LinkButton } from './content';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/* The public site's privacy, terms, GDPR and security pages (pre-rendered per language, decision 010). */

export function PrivacyBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="privacy"
        icons={{ what: FileTextIcon, why: TargetIcon, who: EyeIcon, cookies: CookieIcon, contact: MailIcon, rights: ScaleIcon }}
        after={
          <LinkButton href="/gdpr" variant="outline">
            {t('pages.privacy.gdprLink')}
          </LinkButton>
        }
      />
    </Container>
  );
}

export function TermsBody() {
  return (
    <Container>
      <ArticleSections
        page="terms"
        icons={{
          service: MonitorIcon,
          accounts: UsersIcon,
          data: DatabaseIcon,
          plans: ClipboardCheckIcon,
          use: ShieldCheckIcon,
          ending: FlagIcon,
          law: ScaleIcon,
        }}
      />
    </Container>
  );
}

export function GdprBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="gdpr"
        icons={{
          roles: ScaleIcon,
          where: GlobeIcon,
          access: EyeIcon,
          correct: PencilIcon,
          export: DownloadIcon,
          delete: Trash2Icon,
          stays: BarChart3Icon,
          retention: HistoryIcon,
        }}
        after={<LinkButton href={SITE_LINKS.contact}>{t('pages.gdpr.contact')}</LinkButton>}
      />
    </Container>
  );
}

export function SecurityBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="security"
        icons={{
          rls: DatabaseIcon,
          passwords: KeyRoundIcon,
          sessions: LockKeyholeIcon,
          limits: GaugeIcon,
          web: ShieldCheckIcon,
          data: ServerIcon,
          report: FlagIcon,
        }}
        after={<LinkButton href={SITE_LINKS.contact}>{t('pages.security.report')}</LinkButton>}
      />
    </Container>
  );
}
