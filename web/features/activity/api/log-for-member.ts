import type { LogActivity } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/**
 * A manager's log on a member's behalf (decision 086). Sent at once, not kept on the device as a
 * rep's own logs are (decision 054): a manager corrects from a desk, and a refusal (someone they
 * do not manage, a day to come) must show while the dialog is still open.
 */
export function logForMember(body: LogActivity) {
  return api.POST('/api/v1/activities', { body });
}

export function useLogForMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logForMember, onSuccess: () => invalidateActivityQueries(queryClient) });
}
