import { PASSWORD_MAX_LENGTH, type PasswordAssessment } from '@core/passwords';
import type * as React from 'react';
import { PasswordStrength } from '@web/components/password-strength';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { preloadPasswordEstimator } from '@web/lib/passwords';

type PasswordFieldProps = Omit<React.ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: React.ReactNode;
  /** The field's error in the reader's words; it replaces the strength hint while there is one. */
  error?: string;
  /**
   * Give it (null while nothing is typed or the estimator loads) for a new password: the strength
   * hint under the field, and the estimator's download starts when the field is focused.
   */
  strength?: PasswordAssessment | null;
  className?: string;
};

/**
 * A labelled password input (current, new or confirm) of the forms that set a password: at most
 * PASSWORD_MAX_LENGTH characters, its error tied to it by aria-describedby and, for a new
 * password, the strength hint. Other input props (register(), required, autoComplete) pass on.
 */
export function PasswordField({ id, label, error, strength, className, ...inputProps }: PasswordFieldProps) {
  const isNew = strength !== undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-strength`;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        maxLength={PASSWORD_MAX_LENGTH}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : isNew ? hintId : undefined}
        onFocus={isNew ? preloadPasswordEstimator : undefined}
        {...inputProps}
      />
      {error || !isNew ? <FieldError id={errorId}>{error}</FieldError> : <PasswordStrength id={hintId} assessment={strength} />}
    </div>
  );
}
