import { cleanNames } from '@core/activity-types';
import { type BuiltInKind, BuiltInKindNamesInputSchema, type LocalizedNames } from '@core/contracts';
import { BUILT_IN_KPI_TYPE_SHAPES } from '@core/kpi-formulas';
import { LANGUAGES } from '@core/language';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamesFieldset } from '@web/components/names-fieldset';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useRenameBuiltInKind } from '../api/rename-built-in-kind';

type Names = Record<(typeof LANGUAGES)[number], string>;

const toFields = (names: LocalizedNames | null): Names =>
  Object.fromEntries(LANGUAGES.map((language) => [language, names?.[language] ?? ''])) as Names;

/**
 * Renaming a built-in kind (decision 116): a name in each language the team reads (one is enough),
 * checked by the shared contract before it is sent. An empty field shows the app's name, and a
 * renamed kind can have the app's names back.
 */
export function BuiltInKindNamesDialog({
  kind,
  name,
  renamed,
  onOpenChange,
}: {
  kind: BuiltInKind;
  /** The kind's name now, in the screen's language. */
  name: string;
  /** The company's names for it, null while it has the app's. */
  renamed: LocalizedNames | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const save = useRenameBuiltInKind();
  const [names, setNames] = useState(() => toFields(renamed));
  const [error, setError] = useState<string | undefined>();

  async function send(input: { names: LocalizedNames | null }) {
    const checked = BuiltInKindNamesInputSchema.safeParse(input);
    if (!checked.success) {
      setError(Object.values(collectIssueErrors(checked.error.issues))[0]);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ key: kind, input: checked.data });
      // Given back: the kind is named by the app's word again, and the toast says which.
      toast.success(
        input.names === null
          ? t('activityTypes.rename.restored', { kind: t(`activityTypes.builtInKinds.${kind}`) })
          : t('activityTypes.rename.saved', { kind: name }),
      );
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiRequestError && (failure.code === 'type_exists' || failure.details)) {
        setError(failure.code === 'type_exists' ? failure.message : Object.values(failure.details ?? {})[0]);
      }
      toast.error(t('activityTypes.rename.saveFailed'), { description: findErrorReason(failure) });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ names: cleanNames(names) });
  };

  return (
    <Dialog open onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('activityTypes.rename.title', { kind: name })}</DialogTitle>
          <DialogDescription>{t('activityTypes.rename.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <NamesFieldset
            id={id}
            legend={t('activityTypes.rename.names')}
            hint={t('activityTypes.rename.hint')}
            names={names}
            onChange={(next) => {
              setError(undefined);
              setNames(next);
            }}
            error={error}
            placeholders={BUILT_IN_KPI_TYPE_SHAPES[kind].names}
          />
          <DialogFooter className="gap-2 sm:justify-between">
            {renamed ? (
              <Button type="button" variant="ghost" onClick={() => void send({ names: null })} disabled={save.isPending}>
                {t('activityTypes.rename.useAppNames')}
              </Button>
            ) : (
              <span aria-hidden />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
                {t('activityTypes.rename.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                {t('activityTypes.rename.save')}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
