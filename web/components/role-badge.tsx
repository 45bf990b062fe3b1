import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';

export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('settings');
  // Any stored role but admin (a legacy 'manager' invitation, say) shows as user.
  return role === 'admin' ? (
    <Badge variant="soft">
      <ShieldCheckIcon aria-hidden /> {t('roles.admin')}
    </Badge>
  ) : (
    <Badge variant="secondary">{t('roles.user')}</Badge>
  );
}
