import { ArrowLeftIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';

/**
 * The foot of every log and edit dialog: Cancel (or, on a dialog's second step, Back) and the submit
 * button, which says it is saving while the log is on its way; both wait while it is.
 */
export function LogDialogFooter({
  pending,
  canSubmit,
  submit,
  saving,
  leave,
}: {
  pending: boolean;
  /** Whether the form is complete (the submit button waits while pending in any case). */
  canSubmit: boolean;
  submit: string;
  saving: string;
  /** Cancel closes the dialog; Back returns to its first step. */
  leave: { kind: 'cancel' | 'back'; label: string; onClick: () => void };
}) {
  const back = leave.kind === 'back';
  return (
    <DialogFooter className={back ? 'sm:justify-between' : undefined}>
      <Button type="button" variant={back ? 'ghost' : 'outline'} onClick={leave.onClick} disabled={pending}>
        {back && <ArrowLeftIcon aria-hidden />}
        {leave.label}
      </Button>
      <Button type="submit" disabled={pending || !canSubmit} className="sm:min-w-32">
        {pending ? saving : submit}
      </Button>
    </DialogFooter>
  );
}
