import type { TargetProgress } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';

const PACE_VARIANTS = {
  ahead: 'success',
  'on-track': 'soft',
  behind: 'warning',
  'no-working-days': 'secondary',
} as const;

/** Ahead, on track, behind (or a day off): the pace of a target, in words and colour. */
export function PacePill({ pace }: { pace: TargetProgress['pace'] }) {
  const { t } = useTranslation('targets');
  return (
    <Badge variant={PACE_VARIANTS[pace]} data-testid="pace-pill" data-pace={pace}>
      {t(`pace.${pace}`)}
    </Badge>
  );
}
