import { PASSWORD_MIN_LENGTH, type PasswordAssessment } from '@core/passwords';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { describePasswordRefusal } from '@web/lib/passwords';

const SEGMENTS = [1, 2, 3, 4];

/**
 * Under a new-password field: the length rule until something is typed, then a four-step meter
 * and what is wrong with the password, in the reader's language. `id` is for the field's
 * aria-describedby. A refused password never shows more than two steps, so the meter cannot look
 * "strong" while the form refuses it.
 */
export function PasswordStrength({ id, assessment, className }: { id: string; assessment: PasswordAssessment | null; className?: string }) {
  const { t } = useTranslation('common');
  if (!assessment) {
    return (
      <p id={id} className={cn('text-sm text-muted-foreground', className)}>
        {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
      </p>
    );
  }
  const steps = assessment.ok ? assessment.score : Math.max(1, Math.min(assessment.score, 2));
  const level = assessment.ok ? (assessment.score === 4 ? 'veryStrong' : 'strong') : 'weak';
  return (
    <div id={id} className={cn('space-y-1.5', className)} data-strength={level}>
      <div className="flex gap-1" aria-hidden>
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={cn(
              'h-1.5 flex-1 rounded-full bg-muted transition-colors',
              segment <= steps && (assessment.ok ? 'bg-success' : steps === 1 ? 'bg-destructive' : 'bg-warning'),
            )}
          />
        ))}
      </div>
      <p className="text-sm">
        <span className={cn('font-medium', assessment.ok ? 'text-success-strong' : 'text-warning-strong')}>
          {t('password.strength', { level: t(`password.levels.${level}`) })}
        </span>
        {!assessment.ok && (
          <>
            {' '}
            <span className="text-muted-foreground">{describePasswordRefusal(assessment.reason, t)}</span>
          </>
        )}
      </p>
    </div>
  );
}
