/*
 * The address typed on the sign-in page, handed to /auth/forgot-password so it need not be typed
 * twice. The sign-in page is pre-rendered (no router state crosses the full page load), so it goes
 * through this tab's sessionStorage, and the forgot-password page takes it out again.
 */
const TYPED_EMAIL_KEY = 'dealboard.typedEmail';

export function handOverTypedEmail(email: string): void {
  try {
    if (email) sessionStorage.setItem(TYPED_EMAIL_KEY, email);
    else sessionStorage.removeItem(TYPED_EMAIL_KEY);
  } catch {
    // storage disabled: the address is typed again
  }
}

export function readTypedEmail(): string {
  try {
    return sessionStorage.getItem(TYPED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetTypedEmail(): void {
  try {
    sessionStorage.removeItem(TYPED_EMAIL_KEY);
  } catch {
    // storage disabled
  }
}
