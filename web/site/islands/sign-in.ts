import { ACCOUNT_LOCKED_CODE, FORBIDDEN_ORIGIN_CODE } from '@core/contracts/constants';
import { NEXT_PARAM, toInAppPath } from '@core/navigation/in-app-path';
import type { SignInMessages } from '@web/features/auth/components/sign-in-page';
import { apiUrl } from '@web/lib/api/url';
import { readPendingInvite } from '@web/lib/auth/pending-invite-storage';
import { handOverTypedEmail } from '@web/lib/auth/typed-email';
import { paths } from '@web/lib/paths';

/*
 * The sign-in page's island (decision 029): the pre-rendered /auth form signs in with better-auth's
 * own endpoint and goes on to where the person was going, with none of the app's code (a few KB
 * instead of React, the router and i18next). It says every refusal in the page's language: a
 * wrong password, a locked account (with the wait), too many attempts, an address not confirmed
 * yet (with a button that sends the confirmation mail again), and the errors an auth callback
 * hands over in the address. Nothing typed is lost on an error.
 */

/** What a refused call to better-auth answers (and our sign-in limit: the wait before the next try). */
type AuthRefusal = { code?: string; message?: string; retryAfterSeconds?: number; origin?: string };

/** An answer from better-auth: its status and JSON body (null when it sent none). */
async function postAuth(path: string, body: unknown): Promise<{ status: number; json: AuthRefusal | null }> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as AuthRefusal | null;
  return { status: response.status, json };
}

/** The page's words for better-auth's refusal (the provider's own words for a code we do not know). */
export function describeSignInRefusal(status: number, refusal: AuthRefusal | null, messages: SignInMessages, language: string): string {
  if (refusal?.code === ACCOUNT_LOCKED_CODE) {
    const seconds = Math.max(1, Math.ceil(refusal.retryAfterSeconds ?? 60));
    const [unit, count] = seconds < 60 ? (['seconds', seconds] as const) : (['minutes', Math.ceil(seconds / 60)] as const);
    const form = new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
    return messages.locked[`${unit}_${form}`].replace('{count}', String(count));
  }
  if (status === 429) return messages.errors.rateLimited;
  if (refusal?.code === 'INVALID_EMAIL_OR_PASSWORD') return messages.errors.invalidCredentials;
  // A page opened at another address of the server (its IP, say): where to sign in instead.
  if (refusal?.code === FORBIDDEN_ORIGIN_CODE && refusal.origin)
    return messages.errors.forbiddenOrigin.replace('{address}', refusal.origin);
  return refusal?.message || messages.errors.unexpected;
}

/** The message for an error an auth callback put in the address (`?error=`), or null. */
function describeUrlError(params: URLSearchParams, messages: SignInMessages): string | null {
  const error = params.get('error');
  if (!error) return null;
  if (error === 'callback_error') return messages.errors.callback;
  return params.get('error_description') || messages.errors.generic;
}

/** Shows or hides a part; `hidden` is what the markup starts with. */
function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}

/** A button's busy look: disabled, a spinner, and the busy words. */
function setBusy(button: HTMLButtonElement, busy: boolean, idle: string, busyLabel: string): void {
  button.disabled = busy;
  button.setAttribute('aria-busy', String(busy));
  button.querySelector('svg')?.classList.toggle('hidden', !busy);
  const label = button.querySelector<HTMLElement>('[data-label]');
  if (label) label.textContent = busy ? busyLabel : idle;
}

function fillTemplate(element: HTMLElement, email: string): void {
  element.textContent = (element.dataset.template ?? '').replace('{email}', email);
}

/** Brings the pre-rendered sign-in page to life; does nothing on a page without the form. */
export function enhanceSignIn(root: Document = document, location: Location = window.location): void {
  const form = root.querySelector<HTMLFormElement>('[data-sign-in-form]');
  const messagesElement = root.querySelector('[data-sign-in-messages]');
  if (!form || !messagesElement) return;
  const messages = JSON.parse(messagesElement.textContent ?? '{}') as SignInMessages;
  const language = root.documentElement.lang || 'en';
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-${name}]`)!;
  const errorBox = part('sign-in-error');
  const errorText = errorBox.querySelector<HTMLElement>('[data-error-text]')!;
  const unverified = part('unverified');
  const unverifiedSent = part('unverified-sent');
  const signedOut = part('signed-out');
  const passwordChanged = part('password-changed');
  const alreadyConfirmed = part('already-confirmed');
  const notices = [signedOut, passwordChanged, alreadyConfirmed];
  const submit = form.querySelector<HTMLButtonElement>('[data-submit]')!;
  const resend = unverified.querySelector<HTMLButtonElement>('[data-resend]')!;
  const resendError = unverified.querySelector<HTMLElement>('[data-resend-error]')!;
  const emailInput = form.elements.namedItem('email') as HTMLInputElement;
  const params = new URLSearchParams(location.search);
  const invite = params.get('invite') ?? readPendingInvite();
  // The confirmation link lands on /auth/callback, which goes on to the invitation when there is one.
  const callbackURL = invite ? `${paths.authCallback}?invite_code=${encodeURIComponent(invite)}` : paths.authCallback;
  let busy = false;
  let unverifiedEmail = '';

  function showError(message: string | null): void {
    errorText.textContent = message ?? '';
    show(errorBox, message !== null);
  }

  // Arrived signed out, with a new password, or from a callback that failed: say so once (a
  // reload does not repeat the notices: their flags leave the address).
  const flags = [
    ['signed_out', signedOut],
    ['password_changed', passwordChanged],
    // A confirmation link opened again (decision 071): the address was confirmed the first time.
    ['already_confirmed', alreadyConfirmed],
  ] as const;
  if (flags.some(([flag]) => params.has(flag))) {
    for (const [flag, notice] of flags) {
      show(notice, params.has(flag));
      params.delete(flag);
    }
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  }
  showError(describeUrlError(params, messages));

  // Joining keeps the invitation and the chosen plan.
  const join = root.querySelector<HTMLAnchorElement>('[data-join-link]');
  if (join) {
    const joinParams = new URLSearchParams();
    for (const key of ['invite', 'plan']) if (params.get(key)) joinParams.set(key, params.get(key)!);
    if (joinParams.size > 0) join.href = `${paths.authRegister()}?${joinParams}`;
  }

  // Forgot password? takes the address already typed along.
  root.querySelector('[data-forgot-link]')?.addEventListener('click', () => handOverTypedEmail(emailInput.value.trim()));

  async function signIn(email: string, password: string): Promise<void> {
    let answer: Awaited<ReturnType<typeof postAuth>>;
    try {
      // No callbackURL: this page knows where the person was going (the invitation, or the page).
      answer = await postAuth('/sign-in/email', { email, password });
    } catch {
      showError(messages.errors.unexpected);
      return;
    }
    if (answer.status >= 200 && answer.status < 300) {
      const next = invite ? paths.invite(invite) : (toInAppPath(params.get(NEXT_PARAM), location.origin) ?? paths.app.dashboard);
      location.assign(next);
      return;
    }
    showRefusal(email, answer.status, answer.json);
  }

  function showRefusal(email: string, status: number, refusal: AuthRefusal | null): void {
    if (refusal?.code === 'EMAIL_NOT_VERIFIED') {
      unverifiedEmail = email;
      fillTemplate(unverified.querySelector<HTMLElement>('[data-template]')!, email);
      show(resendError, false);
      show(unverifiedSent, false);
      show(unverified, true);
      return;
    }
    showError(describeSignInRefusal(status, refusal, messages, language));
  }

  // A form sent before this script loaded was signed in by the server, which sent the page back
  // with its refusal (server/public-site.ts): say it as if this script had had the answer.
  const posted = root.querySelector('[data-sign-in-refusal]');
  if (posted) {
    const { status, body } = JSON.parse(posted.textContent ?? '{}') as { status: number; body: AuthRefusal | null };
    showRefusal(emailInput.value.trim(), status, body);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = emailInput.value.trim();
    const password = (form.elements.namedItem('password') as HTMLInputElement).value;
    if (busy || !email || !password) return;
    busy = true;
    showError(null);
    for (const notice of notices) show(notice, false);
    show(unverified, false);
    show(unverifiedSent, false);
    setBusy(submit, true, messages.submit, messages.busy);
    void signIn(email, password).finally(() => {
      busy = false;
      setBusy(submit, false, messages.submit, messages.busy);
    });
  });

  resend.addEventListener('click', async () => {
    if (resend.disabled) return;
    setBusy(resend, true, messages.resend, messages.resending);
    show(resendError, false);
    try {
      const answer = await postAuth('/send-verification-email', { email: unverifiedEmail, callbackURL });
      if (answer.status < 200 || answer.status >= 300) throw Object.assign(new Error('refused'), { answer });
      show(unverified, false);
      fillTemplate(unverifiedSent.querySelector<HTMLElement>('[data-template]')!, unverifiedEmail);
      show(unverifiedSent, true);
      void showDevMailbox(unverifiedSent.querySelector<HTMLElement>('[data-dev-mailbox]')!);
    } catch (caught) {
      const answer = (caught as { answer?: Awaited<ReturnType<typeof postAuth>> }).answer;
      resendError.textContent = answer ? describeSignInRefusal(answer.status, answer.json, messages, language) : messages.errors.unexpected;
      show(resendError, true);
    } finally {
      setBusy(resend, false, messages.resend, messages.resending);
    }
  });
}

/** Without a mail server (outside production) the mail is in the dev mailbox: say so, with a link. */
async function showDevMailbox(hint: HTMLElement): Promise<void> {
  try {
    const response = await fetch(apiUrl('/api/v1/public-config'), { headers: { accept: 'application/json' } });
    const config = (await response.json()) as { devMailbox?: boolean };
    show(hint, config.devMailbox === true);
  } catch {
    // Not knowing is the same as not having one: the hint stays hidden.
  }
}

enhanceSignIn();
