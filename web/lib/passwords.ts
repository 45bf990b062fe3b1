import {
  findPasswordRefusalReason,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REFUSAL_REASONS,
  type PasswordAssessment,
  type PasswordRefusalReason,
} from '@core/passwords';
import { useEffect, useMemo, useState } from 'react';
// Types only: erased from the bundle, so the estimator and its dictionaries stay in their own chunk.
import type { assessPassword } from '@core/passwords/assess-password';

/** Any namespace's t(): the words below are in common.json, asked for with { ns: 'common' }. */
type Translate = (key: string, options: Record<string, unknown>) => string;

/*
 * The password estimator in the browser. Its dictionaries are about 1.5 MB, so the /auth and
 * settings bundles never carry it: it is loaded (one chunk) when a password field is first used,
 * and the forms work without it (the server makes the same check and says why it refused).
 */
type Estimator = { assessPassword: typeof assessPassword };

let estimator: Estimator | null = null;
let loading: Promise<Estimator> | null = null;

export function loadPasswordEstimator(): Promise<Estimator> {
  loading ??= import('@core/passwords/assess-password').then(
    (module) => (estimator = module),
    (error: unknown) => {
      loading = null; // a failed download is tried again on the next use
      throw error;
    },
  );
  return loading;
}

/** Starts the download early (on focus), so the hint is there by the first key. */
export function preloadPasswordEstimator(): void {
  loadPasswordEstimator().catch(() => undefined);
}

/**
 * The assessment to act on when a form is submitted; null when the estimator could not be loaded,
 * in which case the form sends the password and the server decides.
 */
export async function assessNewPassword(password: string, userInputs: readonly string[]): Promise<PasswordAssessment | null> {
  try {
    return (await loadPasswordEstimator()).assessPassword(password, userInputs);
  } catch {
    return null;
  }
}

/** The live assessment of `password` for a strength hint; null while empty or loading. */
export function usePasswordAssessment(password: string, userInputs: readonly string[]): PasswordAssessment | null {
  const [loaded, setLoaded] = useState<Estimator | null>(estimator);
  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || loaded) return;
    let isCurrent = true;
    loadPasswordEstimator().then(
      (module) => isCurrent && setLoaded(module),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [wanted, loaded]);
  const inputsKey = userInputs.join('\n');
  return useMemo(
    () => (loaded && password ? loaded.assessPassword(password, inputsKey ? inputsKey.split('\n') : []) : null),
    [loaded, password, inputsKey],
  );
}

/** The reader's-language words for a refusal reason (common.json password.reasons). */
export function describePasswordRefusal(reason: PasswordRefusalReason, t: Translate): string {
  return t(`password.reasons.${reason}`, { ns: 'common', min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

const isRefusalReason = (message: string): message is PasswordRefusalReason =>
  (PASSWORD_REFUSAL_REASONS as readonly string[]).includes(message);

/**
 * The words for a password field's error message: a refusal reason (from the strength check or
 * the server's code) as describePasswordRefusal words it, any other (the form's own keys, such as
 * a mismatch) as `describeOther` does.
 */
export function describePasswordFieldError(
  message: string | undefined,
  t: Translate,
  describeOther: (message: string) => string,
): string | undefined {
  if (!message) return undefined;
  return isRefusalReason(message) ? describePasswordRefusal(message, t) : describeOther(message);
}

/** The words for a server code about a new password (PASSWORD_COMMON, ...), or null for other codes. */
export function describePasswordCode(code: string | undefined, t: Translate): string | null {
  const reason = findPasswordRefusalReason(code);
  return reason ? describePasswordRefusal(reason, t) : null;
}

/** "Too many failed attempts for this account. Try again in N minutes." (seconds under a minute). */
export function describeAccountLocked(retryAfterSeconds: number | undefined, t: Translate): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? 60));
  return seconds < 60
    ? t('password.locked.seconds', { ns: 'common', count: seconds })
    : t('password.locked.minutes', { ns: 'common', count: Math.ceil(seconds / 60) });
}
