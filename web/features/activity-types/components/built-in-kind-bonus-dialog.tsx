import { type ActivityBonus, type BonusKind, BuiltInKindBonusInputSchema } from '@core/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { WholeNumberField } from '@web/components/whole-number-field';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useSetBuiltInKindBonus } from '../api/set-built-in-kind-bonus';
import { toNumber } from '../lib/editor-form';

const isWholeNumber = (text: string) => /^\d{1,4}$/.test(text.trim());

/**
 * A built-in kind's daily bonus (decision 115): on or off, how many in a day and how many extra
 * points, checked with the shared contract before it is sent. Days already logged keep their points.
 */
export function BuiltInKindBonusDialog({
  kind,
  name,
  bonus,
  onOpenChange,
}: {
  kind: BonusKind;
  /** The kind's name in the screen's language. */
  name: string;
  bonus: ActivityBonus | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const save = useSetBuiltInKindBonus();
  const [on, setOn] = useState(bonus !== null);
  const [threshold, setThreshold] = useState(String(bonus?.threshold ?? 5));
  const [points, setPoints] = useState(String(bonus?.points ?? 5));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { bonus: on ? { threshold: toNumber(threshold), points: toNumber(points) } : null };
    const checked = BuiltInKindBonusInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ key: kind, input: checked.data });
      toast.success(t('activityTypes.kindBonus.saved', { kind: name }));
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('activityTypes.kindBonus.saveFailed'), { description: findErrorReason(error) });
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('activityTypes.kindBonus.title', { kind: name })}</DialogTitle>
          <DialogDescription>{t('activityTypes.kindBonus.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <LabelledSwitch
            label={t('activityTypes.bonusOn')}
            checked={on}
            onChange={(next) => {
              setErrors({});
              setOn(next);
            }}
          />
          {on && (
            <div className="grid gap-3 sm:grid-cols-2">
              <WholeNumberField
                id={`${id}-threshold`}
                label={t('activityTypes.bonusThreshold')}
                value={threshold}
                onChange={(value) => {
                  setErrors({});
                  setThreshold(value);
                }}
                error={errors['bonus.threshold']}
                inputClassName="w-28"
              />
              <WholeNumberField
                id={`${id}-points`}
                label={t('activityTypes.bonusPoints')}
                value={points}
                onChange={(value) => {
                  setErrors({});
                  setPoints(value);
                }}
                error={errors['bonus.points']}
                inputClassName="w-28"
              />
              {/* What it means, once both are whole numbers (not "number three earns fifteen"). */}
              {isWholeNumber(threshold) && isWholeNumber(points) && (
                <p className="text-xs text-muted-foreground sm:col-span-2">
                  {t('activityTypes.bonusHint', { threshold: threshold.trim(), points: points.trim() })}
                </p>
              )}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('activityTypes.kindBonus.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {t('activityTypes.kindBonus.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
