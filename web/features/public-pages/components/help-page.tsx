import { ActivityIcon, KeyRoundIcon, SettingsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './content';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/* The public site's help page (pre-rendered per language, decision 010). */

export const HELP_GROUPS = [
  { key: 'reps', icon: ActivityIcon },
  { key: 'admins', icon: SettingsIcon },
  { key: 'account', icon: KeyRoundIcon },
] as const;

export function HelpBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <div className="grid gap-10">
        {HELP_GROUPS.map(({ key, icon: Icon }) => {
          const items = Object.entries(
            t(`pages.help.groups.${key}.items`, { returnObjects: true }) as Record<string, { q: string; a: string }>,
          );
          return (
            <section key={key} aria-labelledby={`help-${key}`} className="grid gap-6 lg:grid-cols-[16rem_1fr]">
              <h2 id={`help-${key}`} className="flex items-center gap-3 text-xl font-semibold tracking-tight lg:items-start">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="lg:pt-1.5">{t(`pages.help.groups.${key}.title`)}</span>
              </h2>
              <div className="divide-y rounded-2xl border bg-card shadow-card">
                {items.map(([id, item]) => (
                  <details key={id} className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-medium [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <span
                        className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45"
                        aria-hidden="true"
                      >
                        +
                      </span>
                    </summary>
                    <p className="px-6 pb-5 leading-7 text-muted-foreground">{item.a}</p>
                  </details>
                ))}
              </div>
            </section>
          );
        })}
      </div>
      <div className="mt-12">
        <LinkButton href={SITE_LINKS.contact}>{t('pages.help.contact')}</LinkButton>
      </div>
    </Container>
  );
}
