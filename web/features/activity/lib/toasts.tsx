import type { Activity } from '@core/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { findBuiltInKind, useKindNames } from '@web/lib/kind-names';
import { showErrorToast } from '@web/lib/show-error-toast';
import { deleteActivity, onActivityDeleted } from '../api/delete-activity';

/**
 * The catalogue of logging toasts: a title, and the description in the product's words. A kind the
 * company renamed (decision 116) is named so in the title; a description that names the kind gives
 * way to the plain one.
 */
function loggedMessage(
  activity: Activity,
  money: (amount: number) => string,
  renamed: string | null,
): { title: string; description: string; values?: Record<string, string> } {
  if (renamed) {
    const title = 'toast.kindLogged';
    // Answered or not, a sale's amount: what the app's description would have said, without its name for the kind.
    if (activity.type === 'call_answered') return { title, description: 'logCall.answered', values: { name: renamed } };
    if (activity.type === 'call_unanswered') return { title, description: 'logCall.notAnswered', values: { name: renamed } };
    if (activity.type === 'sale')
      return { title, description: 'toast.renamedSaleOf', values: { name: renamed, amount: money(activity.ticketSize ?? 0) } };
    return { title, description: activity.loggedLate ? 'toast.recorded' : 'toast.customRecorded', values: { name: renamed } };
  }
  switch (activity.type) {
    case 'call_answered':
      return { title: 'toast.callLogged', description: 'toast.answeredRecorded' };
    case 'call_unanswered':
      return { title: 'toast.callLogged', description: 'toast.unansweredRecorded' };
    case 'sale':
      return { title: 'toast.saleRecorded', description: 'toast.saleOf', values: { amount: money(activity.ticketSize ?? 0) } };
    case 'meeting':
      return { title: 'toast.meetingLogged', description: 'toast.meetingRecorded' };
    case 'email':
      return { title: 'toast.emailLogged', description: 'toast.emailRecorded' };
    case 'linkedin':
      return { title: 'toast.linkedinLogged', description: 'toast.linkedinRecorded' };
    case 'custom':
      // "Recorded for today" only when it was: a log for an earlier day says its day before it.
      return { title: 'toast.customLogged', description: activity.loggedLate ? 'toast.recorded' : 'toast.customRecorded' };
  }
}

/** Toasts of the activity screens: success with Undo, kept for later, and errors with the server's reason. */
export function useActivityToasts() {
  const { t } = useTranslation('activity');
  const queryClient = useQueryClient();
  const { money, longDay } = useCompanyFormat();
  const { renamed } = useKindNames();

  const showError = useCallback(
    (descriptionKey: string, error?: unknown, titleKey = 'toast.error') => showErrorToast(t(titleKey), t(descriptionKey), error),
    [t],
  );

  const undo = useCallback(
    async (id: string) => {
      try {
        await deleteActivity(id);
        await onActivityDeleted(queryClient, id);
        toast.success(t('toast.undone'), { description: t('toast.undoneText') });
      } catch (error) {
        showError('toast.couldNotUndo', error);
      }
    },
    [queryClient, t, showError],
  );

  const showLogged = useCallback(
    (activity: Activity) => {
      const kind = findBuiltInKind(activity.type);
      const message = loggedMessage(activity, money, kind && renamed(kind));
      // What a rep wants to see at a glance: the outcome that mattered (a booked meeting) and the points.
      const outcome = activity.outcome && activity.outcome !== 'no_progress' ? t(`outcomes.${activity.outcome}`) : null;
      const points = activity.pointsEarned > 0 ? t('plusPts', { count: activity.pointsEarned }) : null;
      // The one that brought the day to its number says so: the points above include its bonus.
      const bonus = activity.dailyBonus ? t('list.dailyBonus') : null;
      // A log for an earlier day leaves today's list as it was: the toast says where it went.
      const earlier = activity.loggedLate ? t('toast.forDay', { day: longDay(activity.localDate) }) : null;
      toast.success(t(message.title, message.values), {
        description: [earlier, t(message.description, message.values), outcome, points, bonus].filter(Boolean).join(' · '),
        action: { label: t('toast.undo'), onClick: () => void undo(activity.id) },
      });
    },
    [money, longDay, t, undo, renamed],
  );

  const showSuccess = useCallback(
    (titleKey: string, descriptionKey: string) => {
      toast.success(t(titleKey), { description: t(descriptionKey) });
    },
    [t],
  );

  /** A log kept on this device, to be sent when the connection returns (decision 054). */
  const showKept = useCallback(() => {
    toast.success(t('offline.keptOnDevice'), { description: t('offline.keptText') });
  }, [t]);

  return { showLogged, showKept, showError, showSuccess };
}
