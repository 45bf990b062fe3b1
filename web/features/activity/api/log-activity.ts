import type { MyActivities } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { type LogInput, useQueuedLog } from '../lib/use-offline-log';

/**
 * Logs a call, sale, held meeting, e-mail or LinkedIn touch for today or an earlier day, the way
 * quick log does (decision 054): kept on the device with its key, then sent; the server sets the
 * points. Answers the activity, or that it waits on the device (no connection); a refusal from the
 * server is the error, and is not kept (the dialog is still open to correct it).
 */
export function useLogActivity() {
  const queryClient = useQueryClient();
  const { log } = useQueuedLog();
  return useMutation({
    mutationFn: (input: LogInput) => log(input, { keepRefused: false }),
    // Offline is not a reason to wait here: the log is kept on the device at once.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (outcome.state !== 'sent') return;
      const { activity } = outcome;
      // Show it at the top of today's list at once (the sync has refetched it too).
      queryClient.setQueryData<MyActivities>(queryKeys.activities.mineToday, (current) =>
        current && current.date === activity.localDate && !current.activities.some((a) => a.id === activity.id)
          ? { ...current, activities: [activity, ...current.activities] }
          : current,
      );
    },
  });
}
