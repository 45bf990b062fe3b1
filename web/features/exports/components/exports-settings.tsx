import type { ExportKind } from '@core/contracts';
import {
  ContactIcon,
  GaugeIcon,
  DownloadIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  LanguagesIcon,
  ListChecksIcon,
  type LucideIcon,
  NotebookPenIcon,
  TargetIcon,
  TrophyIcon,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '@web/i18n';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { downloadApiFile } from '@web/lib/download';
import { type ExportChoice, type ExportPeriod, type ExportRequest, fallbackExportName, fetchExport } from '@web/lib/exports';
import { showErrorToast } from '@web/lib/show-error-toast';
import { useExportMembers } from '../api/get-export-members';

const KINDS: { kind: ExportKind; icon: LucideIcon }[] = [
  { kind: 'activities', icon: ListChecksIcon },
  { kind: 'leaderboard', icon: TrophyIcon },
  { kind: 'wrapups', icon: NotebookPenIcon },
  { kind: 'goals', icon: TargetIcon },
  { kind: 'members', icon: ContactIcon },
  { kind: 'kpis', icon: GaugeIcon },
];

type PeriodChoice = 'today' | 'week' | 'month' | 'custom';
const PERIODS: readonly PeriodChoice[] = ['today', 'week', 'month', 'custom'];
const PERIOD_LABELS: Record<PeriodChoice, string> = {
  today: 'exportsPage.periodToday',
  week: 'exportsPage.periodWeek',
  month: 'exportsPage.periodMonth',
  custom: 'exportsPage.periodCustom',
};

/** Who the file is about: everyone (an admin's whole company, the leaderboard's every row), or one member. */
const EVERYONE = '*';

/** YYYY-MM-DD of a day in the browser's calendar (the custom range's first suggestion). */
function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Settings, Exports: any export the server offers (decision 034), chosen on one form: what, the
 * period (today, this week, this month or any range of days), whose (an admin: everyone or one
 * member; a rep: their own, which is all the server gives them), CSV or Excel, and the CSV's
 * separator. The file speaks the app's language (sent as `language`).
 */
export function ExportsSettings() {
  const { t, i18n } = useTranslation('data');
  const { isAdmin, user } = useAuth();
  const id = useId();
  const [kind, setKind] = useState<ExportKind>('activities');
  const [period, setPeriod] = useState<PeriodChoice>('month');
  const [from, setFrom] = useState(() => localDay(new Date(new Date().getFullYear(), new Date().getMonth(), 1)));
  const [to, setTo] = useState(() => localDay(new Date()));
  const [member, setMember] = useState(EVERYONE);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  // Nordic Excel reads semicolons (the decimal comma takes the comma); English Excel reads commas.
  const [separator, setSeparator] = useState<'comma' | 'semicolon'>(() =>
    normalizeLanguage(i18n.language) === 'en' ? 'comma' : 'semicolon',
  );
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const members = useExportMembers(isAdmin);
  const language = normalizeLanguage(i18n.language);

  const hasPeriod = kind !== 'goals' && kind !== 'members';
  // A rep's activities, wrap-ups and goals are their own; the leaderboard and members are everyone's to see.
  const isOwnOnly = !isAdmin && (kind === 'activities' || kind === 'wrapups' || kind === 'goals');
  const hasMemberChoice = kind !== 'members' && !isOwnOnly;
  const memberOptions = [
    { value: EVERYONE, label: t('exportsPage.everyone') },
    ...(isAdmin
      ? (members.data?.members ?? []).map((m) => ({ value: m.userId, label: m.displayName?.trim() || m.email }))
      : user
        ? [{ value: user.id, label: t('exportsPage.onlyMe') }]
        : []),
  ];

  function buildRequest(): ExportRequest | null {
    let chosen: ExportPeriod | undefined;
    if (hasPeriod) {
      if (period !== 'custom') chosen = { period };
      else if (!from || !to) {
        setRangeError(t('exportsPage.rangeRequired'));
        return null;
      } else if (from > to) {
        setRangeError(t('exportsPage.rangeOrder'));
        return null;
      } else chosen = { from, to };
    }
    setRangeError(null);
    const choice: ExportChoice = format === 'xlsx' ? 'xlsx' : separator === 'semicolon' ? 'csv-semicolon' : 'csv';
    return {
      kind,
      period: chosen,
      member: hasMemberChoice && member !== EVERYONE ? member : undefined,
      choice,
      language,
    };
  }

  async function onDownload() {
    const request = buildRequest();
    if (!request) return;
    setBusy(true);
    try {
      const file = await downloadApiFile(fetchExport(request), fallbackExportName(request));
      toast.success(t('exportMenu.done'), { description: t('exportMenu.doneText', { file }) });
    } catch (error) {
      showErrorToast(t('exportMenu.failed'), t('exportMenu.failedText'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('exportsPage.title')}</CardTitle>
        <CardDescription>{t('exportsPage.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-7">
        <Section legend={t('exportsPage.what')}>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {KINDS.map(({ kind: value, icon: Icon }) => (
              <ChoiceCard key={value} name={`${id}-kind`} checked={kind === value} onChange={() => setKind(value)}>
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{t(`kinds.${value}`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`kindHints.${value}`)}</span>
                </span>
              </ChoiceCard>
            ))}
          </div>
        </Section>

        <Section legend={t('exportsPage.period')}>
          {hasPeriod ? (
            <div className="space-y-3">
              <Segmented
                name={`${id}-period`}
                value={period}
                options={PERIODS.map((value) => ({ value, label: t(PERIOD_LABELS[value]) }))}
                onChange={(value) => {
                  setPeriod(value);
                  setRangeError(null);
                }}
              />
              {period === 'custom' && (
                <div className="grid max-w-md grid-cols-2 gap-3">
                  <div className="space-y-1.5">
                    <Label htmlFor={`${id}-from`}>{t('exportsPage.from')}</Label>
                    <Input
                      id={`${id}-from`}
                      type="date"
                      value={from}
                      max={to || undefined}
                      onChange={(event) => setFrom(event.target.value)}
                      aria-invalid={Boolean(rangeError)}
                      aria-describedby={rangeError ? `${id}-range-error` : undefined}
                    />
                  </div>
                  <div className="space-y-1.5">
                    <Label htmlFor={`${id}-to`}>{t('exportsPage.to')}</Label>
                    <Input
                      id={`${id}-to`}
                      type="date"
                      value={to}
                      min={from || undefined}
                      onChange={(event) => setTo(event.target.value)}
                      aria-invalid={Boolean(rangeError)}
                      aria-describedby={rangeError ? `${id}-range-error` : undefined}
                    />
                  </div>
                  {rangeError && (
                    <div className="col-span-2">
                      <FieldError id={`${id}-range-error`}>{rangeError}</FieldError>
                    </div>
                  )}
                </div>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('exportsPage.periodNone')}</p>
          )}
        </Section>

        {kind !== 'members' && (
          <Section legend={t('exportsPage.member')} labelId={`${id}-member-label`}>
            {hasMemberChoice ? (
              <div className="max-w-sm space-y-1.5">
                <LazySelect
                  value={memberOptions.some((option) => option.value === member) ? member : EVERYONE}
                  onValueChange={setMember}
                  options={memberOptions}
                  aria-labelledby={`${id}-member-label`}
                  className="w-full"
                />
                {isAdmin && members.isError && <p className="text-xs text-destructive">{t('exportsPage.membersFailed')}</p>}
                {kind === 'leaderboard' && !isAdmin && <p className="text-xs text-muted-foreground">{t('exportsPage.everyoneSees')}</p>}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('exportsPage.ownOnly')}</p>
            )}
          </Section>
        )}

        <div className="grid gap-7 md:grid-cols-2">
          <Section legend={t('exportsPage.format')}>
            <Segmented
              name={`${id}-format`}
              value={format}
              options={[
                { value: 'xlsx', label: t('exportsPage.formatXlsx'), icon: FileSpreadsheetIcon },
                { value: 'csv', label: t('exportsPage.formatCsv'), icon: FileTextIcon },
              ]}
              onChange={setFormat}
            />
          </Section>
          {format === 'csv' && (
            <Section legend={t('exportsPage.separator')}>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['comma', 'semicolon'] as const).map((value) => (
                  <ChoiceCard key={value} name={`${id}-separator`} checked={separator === value} onChange={() => setSeparator(value)}>
                    <span className="min-w-0">
                      <span className="block text-sm font-medium">
                        {t(value === 'comma' ? 'exportsPage.separatorComma' : 'exportsPage.separatorSemicolon')}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {t(value === 'comma' ? 'exportsPage.separatorCommaHint' : 'exportsPage.separatorSemicolonHint')}
                      </span>
                    </span>
                  </ChoiceCard>
                ))}
              </div>
            </Section>
          )}
        </div>

        {/* A note, not an alert: it is there from the start and says nothing went wrong. */}
        <Alert role="note">
          <LanguagesIcon />
          <AlertDescription>{t('exportsPage.languageNote', { language: t(`exportsPage.languageName.${language}`) })}</AlertDescription>
        </Alert>
      </CardContent>
      <CardFooter className="justify-end border-t pt-5">
        <Button onClick={() => void onDownload()} disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? <Spinner /> : <DownloadIcon />}
          {isBusy ? t('exportsPage.downloading') : t('exportsPage.download')}
        </Button>
      </CardFooter>
    </Card>
  );
}

function Section({ legend, labelId, children }: { legend: string; labelId?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2.5">
      <legend id={labelId} className="mb-2.5 text-sm font-semibold">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/** A radio drawn as a card: the native input stays (hidden) so the arrows, Tab and a screen reader work as usual. */
function ChoiceCard({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary/50 bg-primary-soft/60 hover:bg-primary-soft/60',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      {children}
    </label>
  );
}

function Segmented<V extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: V;
  options: { value: V; label: string; icon?: LucideIcon }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {options.map(({ value: option, label, icon: Icon }) => (
        <label
          key={option}
          className={cn(
            'flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === option && 'bg-background text-foreground shadow-sm',
          )}
        >
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} className="sr-only" />
          {Icon && <Icon className="size-4" aria-hidden />}
          {label}
        </label>
      ))}
    </div>
  );
}
