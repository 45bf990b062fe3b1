import { CONTACT_FIELDS, type ContactField, ContactRequestInputSchema } from '@core/contracts/contact';

/*
 * The /contact form: validates with the same zod contract as POST /api/v1/contact, shows a clear
 * message under each bad field (in the page's language), submits, and confirms. Nothing the
 * visitor typed is lost on an error.
 */

const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
const success = document.querySelector<HTMLElement>('[data-contact-success]');

type Issue = { path: PropertyKey[]; code: string };
/** The contact endpoint's refusal body (400: the fields it refused). */
type Answer = { error?: { details?: Record<string, string> } } | null;

function enhance(form: HTMLFormElement, success: HTMLElement): void {
  const text = form.dataset;
  const formError = form.querySelector<HTMLElement>('[data-form-error]')!;
  const submit = form.querySelector<HTMLButtonElement>('[data-submit]')!;
  const submitLabel = form.querySelector<HTMLElement>('[data-submit-label]')!;
  const idleLabel = submitLabel.textContent ?? '';
  let busy = false;

  const control = (field: ContactField) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const errorOf = (field: ContactField) => form.querySelector<HTMLElement>(`[data-field-error="${field}"]`)!;

  /** The page's wording for a field's problem (the contract's own messages are English). */
  function messageFor(field: ContactField, code: string): string {
    const long = code === 'too_big';
    switch (field) {
      case 'name':
        return (long ? text.errorNameLong : text.errorName) ?? '';
      case 'email':
        return text.errorEmail ?? '';
      case 'company':
        return text.errorCompanyLong ?? '';
      case 'teamSize':
        return text.errorTeamSize ?? '';
      case 'message':
        return (long ? text.errorMessageLong : text.errorMessage) ?? '';
    }
  }

  function values(): Record<string, string> {
    return Object.fromEntries([...new FormData(form).entries()].map(([key, value]) => [key, String(value)]));
  }

  function validate(): Partial<Record<ContactField, string>> {
    const result = ContactRequestInputSchema.safeParse(values());
    const errors: Partial<Record<ContactField, string>> = {};
    if (result.success) return errors;
    for (const issue of result.error.issues as Issue[]) {
      const field = issue.path[0] as ContactField;
      if (CONTACT_FIELDS.includes(field)) errors[field] ??= messageFor(field, issue.code);
    }
    return errors;
  }

  function showField(field: ContactField, message: string | undefined): void {
    const element = errorOf(field);
    element.textContent = message ?? '';
    element.hidden = !message;
    if (message) control(field).setAttribute('aria-invalid', 'true');
    else control(field).removeAttribute('aria-invalid');
  }

  function showFormError(message: string | null): void {
    formError.textContent = message ?? '';
    formError.hidden = !message;
  }

  function showErrors(errors: Partial<Record<ContactField, string>>): boolean {
    for (const field of CONTACT_FIELDS) showField(field, errors[field]);
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (!first) return false;
    showFormError(text.errorSummary ?? null);
    control(first).focus();
    return true;
  }

  function setBusy(value: boolean): void {
    busy = value;
    submit.disabled = value;
    submit.setAttribute('aria-busy', String(value));
    submitLabel.textContent = value ? (text.sending ?? idleLabel) : idleLabel;
  }

  // Once a field has been marked, re-check it as the visitor fixes it.
  form.addEventListener('input', (event) => {
    const field = (event.target as HTMLInputElement).name as ContactField;
    if (!CONTACT_FIELDS.includes(field) || !control(field).hasAttribute('aria-invalid')) return;
    const message = validate()[field];
    showField(field, message);
    if (!CONTACT_FIELDS.some((f) => control(f).hasAttribute('aria-invalid'))) showFormError(null);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    showFormError(null);
    if (showErrors(validate())) return;
    const sent = values();
    setBusy(true);
    let response: Response;
    try {
      response = await fetch(form.dataset.endpoint ?? '/api/v1/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(sent),
      });
    } catch {
      setBusy(false);
      showFormError(text.errorNetwork ?? null);
      formError.focus();
      return;
    }
    setBusy(false);
    showAnswer(response.status, response.status === 400 ? ((await response.json().catch(() => null)) as Answer) : null, sent);
  });

  /** The endpoint's answer: the thanks, what to fix under each field, or what went wrong. */
  function showAnswer(status: number, body: Answer, sent: Record<string, string>): void {
    if (status >= 200 && status < 300) {
      const template = success.querySelector<HTMLElement>('[data-success-text]');
      if (template) template.textContent = (template.dataset.template ?? '').replace('{email}', sent.email?.trim() ?? '');
      form.hidden = true;
      success.hidden = false;
      success.querySelector<HTMLElement>('[data-success-title]')?.focus();
      return;
    }
    if (status === 400) {
      const local = validate();
      const errors: Partial<Record<ContactField, string>> = {};
      for (const key of Object.keys(body?.error?.details ?? {})) {
        const field = key as ContactField;
        if (CONTACT_FIELDS.includes(field)) errors[field] = local[field] ?? messageFor(field, 'invalid');
      }
      if (showErrors(errors)) return;
    }
    showFormError((status === 429 ? text.errorRateLimited : text.errorServer) ?? null);
    formError.focus();
  }

  // A form sent before this script loaded was sent by the server, which sent the page back with the
  // endpoint's answer and the fields as typed (server/public-site.ts): shown as if this script had sent it.
  const posted = document.querySelector('[data-contact-answer]');
  if (posted) {
    const {
      status,
      body,
      values: typed,
    } = JSON.parse(posted.textContent ?? '{}') as {
      status: number;
      body: Answer;
      values: Record<string, string>;
    };
    for (const field of CONTACT_FIELDS) if (typeof typed[field] === 'string') control(field).value = typed[field];
    showAnswer(status, body, typed);
  }

  success.querySelector('[data-contact-again]')?.addEventListener('click', () => {
    form.reset();
    for (const field of CONTACT_FIELDS) showField(field, undefined);
    showFormError(null);
    success.hidden = true;
    form.hidden = false;
    control('name').focus();
  });
}

if (form && success) enhance(form, success);
