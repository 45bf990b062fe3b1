import { CELEBRATION_STYLES, type CelebrationSettings, type CelebrationStyle, SALE_MINIMUM_MAX } from '@core/contracts';
import { computeMajorUnits, type MinorUnits, parseMoneyInput } from '@core/money';
import { PartyPopperIcon, PlayIcon, Volume2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { CardHeading } from '@web/components/card-heading';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { toast } from '@web/components/ui/toaster';
import { usePrefersReducedMotion } from '@web/lib/celebrations';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useCelebrationSettings } from '@web/lib/queries/get-celebration-settings';
import { useUpdateCelebrationSettings } from '../api/update-celebration-settings';
import { CelebrationPreview } from '../components/celebration-preview';

/** The switches, in the order a sales floor thinks of them (the sale has its minimum beside it). */
const SWITCHES = ['sales', 'meetings', 'goals', 'records', 'contests', 'badges'] as const;
type Switch = (typeof SWITCHES)[number];

/** How long the preview plays: the wall's card time. */
const PREVIEW_MS = 5_000;

/** The minimum as typed: empty or 0 celebrates every sale; else whole or decimal currency units. */
function parseMinimum(text: string): MinorUnits | 0 | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^0+([.,]0*)?$/.test(trimmed)) return 0;
  const parsed = parseMoneyInput(trimmed);
  return parsed !== null && parsed <= SALE_MINIMUM_MAX ? parsed : null;
}

/** Administration, Celebrations: what the TVs and the app celebrate, the sound and the look (decision 051). */
export function Component() {
  const { t } = useTranslation('settings');
  const settings = useCelebrationSettings();
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex items-center gap-2">
          <PartyPopperIcon className="size-5 text-primary" aria-hidden />
          <CardHeading>{t('celebrations.title')}</CardHeading>
        </div>
        <CardDescription className="max-w-3xl">{t('celebrations.description')}</CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <CardContent className="flex flex-col gap-3" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </CardContent>
      ) : settings.isError ? (
        <CardContent>
          <LoadError title={t('celebrations.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />
        </CardContent>
      ) : (
        <CelebrationsForm saved={settings.data} />
      )}
    </Card>
  );
}

function CelebrationsForm({ saved }: { saved: CelebrationSettings }) {
  const { t } = useTranslation('settings');
  const format = useCompanyFormat();
  const save = useUpdateCelebrationSettings();
  const reducedMotion = usePrefersReducedMotion();
  const [draft, setDraft] = useState(saved);
  const [minimumText, setMinimumText] = useState(() =>
    saved.saleMinimum > 0 ? String(computeMajorUnits(saved.saleMinimum as MinorUnits)) : '',
  );
  const [isPreviewing, setIsPreviewing] = useState(false);
  const minimumId = useId();
  const minimumHelpId = useId();
  const minimumErrorId = useId();
  const styleLabelId = useId();

  useEffect(() => {
    if (!isPreviewing) return;
    const timer = setTimeout(() => setIsPreviewing(false), PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [isPreviewing]);

  const minimum = parseMinimum(minimumText);
  const next: CelebrationSettings = { ...draft, saleMinimum: minimum ?? draft.saleMinimum };
  const isDirty = JSON.stringify(next) !== JSON.stringify(saved) || minimum === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (minimum === null) return;
    save.mutate(next, {
      onSuccess: () => toast.success(t('celebrations.saved')),
      onError: () => toast.error(t('celebrations.saveFailed')),
    });
  };

  const set = <K extends keyof CelebrationSettings>(key: K, value: CelebrationSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex flex-col gap-6">
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm font-semibold">{t('celebrations.whatLegend')}</legend>
            <ul className="divide-y rounded-lg border">
              {SWITCHES.map((key) => (
                <SwitchRow key={key} name={key} checked={draft[key]} onChange={(value) => set(key, value)}>
                  {key === 'sales' && draft.sales && (
                    <div className="mt-3 flex flex-col gap-1.5">
                      <Label htmlFor={minimumId}>{t('celebrations.minimum.label', { currency: format.currency })}</Label>
                      <div className="relative max-w-56">
                        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                          {format.currencySymbol}
                        </span>
                        <Input
                          id={minimumId}
                          inputMode="decimal"
                          autoComplete="off"
                          className="pl-10 tabular"
                          placeholder="0"
                          value={minimumText}
                          onChange={(e) => setMinimumText(e.target.value)}
                          aria-invalid={minimum === null}
                          aria-describedby={minimum === null ? `${minimumHelpId} ${minimumErrorId}` : minimumHelpId}
                        />
                      </div>
                      <p id={minimumHelpId} className="text-xs text-muted-foreground">
                        {minimum ? t('celebrations.minimum.help', { amount: format.money(minimum) }) : t('celebrations.minimum.every')}
                      </p>
                      {minimum === null && <FieldError id={minimumErrorId}>{t('celebrations.minimum.invalid')}</FieldError>}
                      {/* What a sale's card names besides the person (decision 078). */}
                      <div className="mt-3 flex flex-col gap-2">
                        <LabelledSwitch
                          label={t('celebrations.saleDetails.amount')}
                          checked={draft.showSaleAmount}
                          onChange={(value) => set('showSaleAmount', value)}
                        />
                        <LabelledSwitch
                          label={t('celebrations.saleDetails.customer')}
                          checked={draft.showSaleCustomer}
                          onChange={(value) => set('showSaleCustomer', value)}
                        />
                        <p className="text-xs text-muted-foreground">{t('celebrations.saleDetails.help')}</p>
                      </div>
                    </div>
                  )}
                </SwitchRow>
              ))}
            </ul>
            {/* An own type's celebration is chosen on the type (decision 105). */}
            <p className="mt-2 text-xs text-muted-foreground">
              <Trans
                t={t}
                i18nKey="celebrations.ownTypes"
                components={{
                  types: <Link to={paths.admin.activityTypes} className="font-medium text-primary underline-offset-4 hover:underline" />,
                }}
              />
            </p>
          </fieldset>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm font-semibold">{t('celebrations.soundLegend')}</legend>
            <ul className="rounded-lg border">
              <SwitchRow
                name="sound"
                icon={<Volume2Icon className="size-4" aria-hidden />}
                checked={draft.sound}
                onChange={(value) => set('sound', value)}
              />
            </ul>
          </fieldset>

          <div className="flex flex-col gap-2">
            <p id={styleLabelId} className="text-sm font-semibold">
              {t('celebrations.styleLegend')}
            </p>
            <div role="radiogroup" aria-labelledby={styleLabelId} className="grid gap-2 sm:grid-cols-3">
              {CELEBRATION_STYLES.map((style) => (
                <StyleOption key={style} style={style} checked={draft.style === style} onSelect={() => set('style', style)} />
              ))}
            </div>
            {reducedMotion && <p className="text-xs text-muted-foreground">{t('celebrations.reducedMotion')}</p>}
          </div>
        </div>

        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold">{t('celebrations.preview.heading')}</p>
          <CelebrationPreview style={draft.style} isPlaying={isPreviewing} reducedMotion={reducedMotion} />
          <Button type="button" variant="outline" className="self-start" onClick={() => setIsPreviewing(true)} disabled={isPreviewing}>
            <PlayIcon /> {t('celebrations.preview.button')}
          </Button>
          <p className="text-xs text-muted-foreground">{t('celebrations.rule')}</p>
        </div>
      </CardContent>
      <CardFooter className="justify-end gap-2 border-t pt-6">
        <Button
          type="button"
          variant="ghost"
          disabled={!isDirty || save.isPending}
          onClick={() => {
            setDraft(saved);
            setMinimumText(saved.saleMinimum > 0 ? String(computeMajorUnits(saved.saleMinimum as MinorUnits)) : '');
          }}
        >
          {t('celebrations.reset')}
        </Button>
        <Button type="submit" disabled={!isDirty || minimum === null || save.isPending}>
          {save.isPending ? t('celebrations.saving') : t('celebrations.save')}
        </Button>
      </CardFooter>
    </form>
  );
}

function SwitchRow({
  name,
  checked,
  onChange,
  icon,
  children,
}: {
  name: Switch | 'sound';
  checked: boolean;
  onChange: (checked: boolean) => void;
  icon?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const helpId = useId();
  return (
    <li className="px-4 py-3">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <Label htmlFor={id} className="flex items-center gap-2">
            {icon}
            {t(`celebrations.switches.${name}.label`)}
          </Label>
          <p id={helpId} className="text-xs text-muted-foreground">
            {t(`celebrations.switches.${name}.help`)}
          </p>
        </div>
        <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={helpId} />
      </div>
      {children}
    </li>
  );
}

function StyleOption({ style, checked, onSelect }: { style: CelebrationStyle; checked: boolean; onSelect: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      onClick={onSelect}
      // Arrow keys move through the choices, as in any radio group.
      onKeyDown={(event) => {
        const step =
          event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        const buttons = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]') ?? [])];
        const next = buttons[(buttons.indexOf(event.currentTarget) + step + buttons.length) % buttons.length];
        next?.focus();
        next?.click();
      }}
      tabIndex={checked ? 0 : -1}
      className={cn(
        'flex flex-col gap-1 rounded-lg border p-3 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        checked ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted',
      )}
    >
      <span className="text-sm font-semibold">{t(`celebrations.styles.${style}.label`)}</span>
      <span className="text-xs text-muted-foreground">{t(`celebrations.styles.${style}.help`)}</span>
    </button>
  );
}
