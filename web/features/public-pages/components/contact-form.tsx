import { CheckCircle2Icon, MailIcon, MessageSquareIcon, RocketIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, TEAM_SIZES } from '@core/contracts/contact';
import { buttonVariants } from '@web/components/ui/button';
import { apiUrl } from '@web/lib/api/url';
import { cn } from '@web/lib/cn';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/** data-* names are lower-cased by HTML: nameLong -> data-error-name-long -> dataset.errorNameLong. */
const kebab = (key: string) => key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);

const inputClass =
  'block w-full rounded-lg border border-input bg-card px-3.5 py-2.5 text-base shadow-xs outline-none transition-[border-color,box-shadow] placeholder:text-muted-foreground/80 focus:border-ring focus:ring-3 focus:ring-ring/25 aria-[invalid=true]:border-destructive aria-[invalid=true]:focus:ring-destructive/20 sm:text-sm';

function Field({ name, label, optional, children }: { name: string; label: string; optional?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`contact-${name}`} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted-foreground"> ({optional})</span>}
      </label>
      {children}
      <p id={`contact-${name}-error`} className="text-sm font-medium text-destructive" data-field-error={name} hidden />
    </div>
  );
}

/**
 * /contact: a real form (core/contracts/contact.ts validates it in the browser and on the server).
 * The contact island submits it to POST /api/v1/contact, shows field messages and the confirmation.
 */
export function ContactBody() {
  const { t } = useTranslation('public');
  const f = (key: string) => t(`pages.contact.form.${key}`);
  const errors = {
    summary: t('pages.contact.errors.summary'),
    name: t('pages.contact.errors.name'),
    nameLong: t('pages.contact.errors.nameLong', { max: CONTACT_LIMITS.nameMax }),
    email: t('pages.contact.errors.email'),
    companyLong: t('pages.contact.errors.companyLong', { max: CONTACT_LIMITS.companyMax }),
    teamSize: t('pages.contact.errors.teamSize'),
    message: t('pages.contact.errors.message', { min: CONTACT_LIMITS.messageMin }),
    messageLong: t('pages.contact.errors.messageLong', { max: CONTACT_LIMITS.messageMax }),
    rateLimited: t('pages.contact.errors.rateLimited'),
    network: t('pages.contact.errors.network'),
    server: t('pages.contact.errors.server'),
  };
  const describedBy = (name: string) => `contact-${name}-error`;
  return (
    <Container>
      <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
        <div className="rounded-2xl border bg-card p-6 shadow-card sm:p-8">
          {/* method="post": sent before the script has loaded, the message never goes into an address. */}
          <form
            method="post"
            noValidate
            aria-label={f('label')}
            className="relative grid gap-5"
            data-contact-form
            data-endpoint={apiUrl('/api/v1/contact')}
            data-sending={f('sending')}
            {...Object.fromEntries(Object.entries(errors).map(([key, text]) => [`data-error-${kebab(key)}`, text]))}
          >
            <div
              className="rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm font-medium text-[oklch(0.47_0.19_25)]"
              role="alert"
              tabIndex={-1}
              data-form-error
              hidden
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field name="name" label={f('name')}>
                <input
                  id="contact-name"
                  name="name"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={CONTACT_LIMITS.nameMax}
                  placeholder={f('namePlaceholder')}
                  aria-describedby={describedBy('name')}
                  className={inputClass}
                />
              </Field>
              <Field name="email" label={f('email')}>
                <input
                  id="contact-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  maxLength={CONTACT_LIMITS.emailMax}
                  placeholder={f('emailPlaceholder')}
                  aria-describedby={describedBy('email')}
                  className={inputClass}
                />
              </Field>
              <Field name="company" label={f('company')} optional={f('optional')}>
                <input
                  id="contact-company"
                  name="company"
                  type="text"
                  autoComplete="organization"
                  maxLength={CONTACT_LIMITS.companyMax}
                  placeholder={f('companyPlaceholder')}
                  aria-describedby={describedBy('company')}
                  className={inputClass}
                />
              </Field>
              <Field name="teamSize" label={f('teamSize')}>
                <select
                  id="contact-teamSize"
                  name="teamSize"
                  required
                  defaultValue=""
                  aria-describedby={describedBy('teamSize')}
                  className={cn(inputClass, 'appearance-auto')}
                >
                  <option value="" disabled>
                    {f('teamSizeChoose')}
                  </option>
                  {TEAM_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {t(`pages.contact.form.teamSizes.${size}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field name="message" label={f('message')}>
              <textarea
                id="contact-message"
                name="message"
                rows={6}
                required
                maxLength={CONTACT_LIMITS.messageMax}
                placeholder={f('messagePlaceholder')}
                aria-describedby={describedBy('message')}
                className={cn(inputClass, 'resize-y')}
              />
            </Field>
            <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor="contact-website">{f('honeypot')}</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">
                {f('privacy')}{' '}
                <a href="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
                  {f('privacyLink')}
                </a>
              </p>
              <button
                type="submit"
                className={cn(buttonVariants({ variant: 'success', size: 'lg' }), 'h-11 px-6 font-semibold text-sidebar')}
                data-submit
              >
                <SendIcon aria-hidden="true" />
                <span data-submit-label>{f('submit')}</span>
              </button>
            </div>
          </form>
          <div className="py-6 text-center" data-contact-success hidden>
            <CheckCircle2Icon className="mx-auto size-14 text-success" aria-hidden="true" />
            <h2 className="mt-5 text-2xl font-semibold tracking-tight" tabIndex={-1} data-success-title>
              {t('pages.contact.success.title')}
            </h2>
            <p
              className="mt-3 text-muted-foreground"
              data-success-text
              data-template={t('pages.contact.success.text', { email: '{email}' })}
            />
            <button type="button" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'mt-8 h-11 px-5')} data-contact-again>
              {t('pages.contact.success.again')}
            </button>
          </div>
        </div>
        <aside aria-labelledby="contact-next" className="lg:pt-2">
          <h2 id="contact-next" className="text-lg font-semibold tracking-tight">
            {t('pages.contact.aside.title')}
          </h2>
          <ol className="mt-5 grid gap-5">
            {[
              { key: 'read', icon: MailIcon },
              { key: 'reply', icon: MessageSquareIcon },
              { key: 'demo', icon: RocketIcon },
            ].map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <p className="pt-2 leading-6 text-muted-foreground">{t(`pages.contact.aside.steps.${key}`)}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 rounded-2xl bg-sidebar p-6 text-sidebar-foreground">
            <p className="font-semibold text-white">{t('pages.contact.aside.self')}</p>
            <a href={SITE_LINKS.signUp} className={cn(buttonVariants({ variant: 'success' }), 'mt-4 h-10 px-4 font-semibold text-sidebar')}>
              {t('pages.contact.aside.selfLink')}
            </a>
          </div>
        </aside>
      </div>
    </Container>
  );
}
