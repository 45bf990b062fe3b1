import type { ActivityTypeList } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's own activity types (decision 100): live ones in their order, then archived ones. */
export function getActivityTypes(): Promise<ActivityTypeList> {
  return api.GET('/api/v1/activity-types');
}

/** Shared: the admins' editor, and the log dialogs that offer the live ones. Kept fresh by live updates (activity_types). */
export function useActivityTypes() {
  return useQuery({ queryKey: queryKeys.activityTypes, queryFn: getActivityTypes });
}
