import type { ActivityTypeTemplate } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: adds a template's types (those whose names the company has are left out); answers the whole list. */
export function addActivityTypeTemplate(template: ActivityTypeTemplate) {
  return api.POST('/api/v1/activity-types/templates', { body: { template } });
}

export function useAddActivityTypeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addActivityTypeTemplate,
    onSuccess: (list) => queryClient.setQueryData(queryKeys.activityTypes, list),
  });
}
