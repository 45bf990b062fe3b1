import { type BuiltInKind, KindPointsInputSchema, type KpiRuleView } from '@core/contracts';
import { type KindPoints, readKindPoints } from '@core/kpi';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeNumberField } from '@web/components/whole-number-field';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { formatCount, formatDecimal } from '@web/lib/format';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useSetKindPoints } from '../api/set-kind-points';
import { toNumber } from '../lib/editor-form';

type Form = { points: string; moved_forward: string; meeting_booked: string; not_answered: string; perValue: string };

const toForm = (points: KindPoints, language: string): Form => ({
  points: String(points.points),
  moved_forward: String(points.outcomes?.moved_forward ?? 0),
  meeting_booked: String(points.outcomes?.meeting_booked ?? 0),
  not_answered: String(points.outcomes?.not_answered ?? 0),
  perValue: formatDecimal(points.perValue ?? 0, language),
});
const isWholeNumber = (text: string) => /^\d{1,4}$/.test(text.trim());

/**
 * What a built-in kind is worth (decision 117), set where an own type's points are: a call's points
 * and what each outcome adds, a sale's points and its points per unit of value, the others' points.
 * Only what the admin changed is sent (another admin's change meanwhile to another part stands), in
 * one save as the kind's point rules (the same as under KPI Rules), checked with the shared contract
 * first. Activities already logged keep their points.
 */
export function BuiltInKindPointsDialog({
  kind,
  name,
  rules,
  currency,
  off,
  onOpenChange,
}: {
  kind: BuiltInKind;
  /** The kind's name in the screen's language. */
  name: string;
  rules: readonly KpiRuleView[];
  currency: string;
  /** A kind only some teams log, turned off: its points count once it is turned on. */
  off: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const { t: tActivity } = useTranslation('activity');
  const id = useId();
  const save = useSetKindPoints();
  const [opened] = useState<Form>(() => toForm(readKindPoints(kind, rules), i18n.language));
  const [form, setForm] = useState<Form>(opened);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (field: keyof Form) => (value: string) => {
    setErrors({});
    setForm((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // What the admin changed, as typed; a field left as it opened is not sent.
    const changed = (field: keyof Form) => (form[field].trim() === opened[field] ? undefined : toNumber(form[field]));
    const outcomes = {
      moved_forward: changed('moved_forward'),
      meeting_booked: changed('meeting_booked'),
      not_answered: changed('not_answered'),
    };
    const input = {
      points: changed('points'),
      ...(kind === 'call' && Object.values(outcomes).some((n) => n !== undefined) && { outcomes }),
      ...(kind === 'sale' && { perValue: changed('perValue') }),
    };
    if (Object.values(input).every((part) => part === undefined)) {
      onOpenChange(false);
      return;
    }
    const checked = KindPointsInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    try {
      await save.mutateAsync({ key: kind, input: checked.data });
      toast.success(t('activityTypes.kindPointsDialog.saved', { kind: name }));
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('activityTypes.kindPointsDialog.saveFailed'), { description: findErrorReason(error) });
    }
  }

  const field = (key: Exclude<keyof Form, 'perValue'>, label: string, errorKey = key === 'points' ? key : `outcomes.${key}`) => (
    <WholeNumberField
      id={`${id}-${key}`}
      label={label}
      value={form[key]}
      onChange={change(key)}
      error={errors[errorKey]}
      inputClassName="w-28"
    />
  );
  // What an answered call earns with each outcome, once the numbers are numbers.
  const callTotals =
    kind === 'call' && [form.points, form.moved_forward, form.meeting_booked].every(isWholeNumber)
      ? {
          none: formatCount(Number(form.points), i18n.language),
          moved: formatCount(Number(form.points) + Number(form.moved_forward), i18n.language),
          booked: formatCount(Number(form.points) + Number(form.meeting_booked), i18n.language),
        }
      : null;

  return (
    <Dialog open onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('activityTypes.kindPointsDialog.title', { kind: name })}</DialogTitle>
          <DialogDescription>{t('activityTypes.kindPointsDialog.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          {off && <p className="rounded-md bg-muted px-3 py-2 text-sm">{t('activityTypes.kindPointsDialog.offNote', { kind: name })}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            {field('points', t(kind === 'call' ? 'activityTypes.kindPointsDialog.answered' : 'activityTypes.kindPointsDialog.each'))}
            {kind === 'call' && (
              <>
                {field('not_answered', t('activityTypes.kindPointsDialog.notAnswered'))}
                {field('moved_forward', t('activityTypes.kindPointsDialog.adds', { outcome: tActivity('outcomes.moved_forward') }))}
                {field('meeting_booked', t('activityTypes.kindPointsDialog.adds', { outcome: tActivity('outcomes.meeting_booked') }))}
                {/* Read out as it changes, so a screen reader hears what the numbers typed mean. */}
                <p className="text-xs text-muted-foreground sm:col-span-2" aria-live="polite">
                  {callTotals && t('activityTypes.kindPointsDialog.callHint', callTotals)}
                </p>
              </>
            )}
            {kind === 'sale' && (
              <div className="min-w-0 space-y-1.5 sm:col-span-2">
                <Label htmlFor={`${id}-perValue`}>{t('activityTypes.kindPointsDialog.perValue', { currency })}</Label>
                <Input
                  id={`${id}-perValue`}
                  inputMode="decimal"
                  value={form.perValue}
                  onChange={(e) => change('perValue')(e.target.value)}
                  className="w-40"
                  aria-invalid={errors.perValue ? true : undefined}
                  aria-describedby={`${id}-perValue-hint${errors.perValue ? ` ${id}-perValue-error` : ''}`}
                />
                <p id={`${id}-perValue-hint`} className="text-xs text-muted-foreground">
                  {t('kpi.multiplierHint', { currency })}
                </p>
                <FieldError id={`${id}-perValue-error`}>{errors.perValue}</FieldError>
              </div>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('activityTypes.kindPointsDialog.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('activityTypes.kindPointsDialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
