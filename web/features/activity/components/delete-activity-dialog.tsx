import type { Activity } from '@core/contracts';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { useDeleteActivity } from '../api/delete-activity';
import { useKindNames } from '@web/lib/kind-names';
import { useActivityToasts } from '../lib/toasts';

/** Deleting asks first (an alertdialog): it takes the activity's points off today's totals. */
export function DeleteActivityDialog({ activity, onOpenChange }: { activity: Activity | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('activity');
  const deleteActivity = useDeleteActivity();
  const { showSuccess, showError } = useActivityToasts();
  const kindNames = useKindNames();
  const label = activity ? kindNames.label(activity.type) : '';

  const onConfirm = () => {
    if (!activity) return;
    // The promise, not mutate()'s callbacks: those are dropped once this dialog unmounts, and on a
    // person's page the row that holds it leaves the list as soon as the deletion's live event is
    // read, which can come before the answer. The toast still has to say it was deleted.
    deleteActivity.mutateAsync(activity.id).then(
      () => {
        onOpenChange(false);
        showSuccess('toast.deleted', 'toast.deletedText');
      },
      (error: unknown) => showError('toast.couldNotDelete', error),
    );
  };

  return (
    <AlertDialog.Root open={activity !== null} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-[oklch(0.2_0.04_258/0.45)] backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 shadow-xl data-[state=open]:animate-fade-in">
          <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {activity &&
              t('delete.description', {
                activity: [label, activity.customerName].filter(Boolean).join(' · '),
                points: t('pts', { count: activity.pointsEarned }),
              })}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={deleteActivity.isPending}>
                {t('delete.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={onConfirm} disabled={deleteActivity.isPending}>
              {deleteActivity.isPending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
