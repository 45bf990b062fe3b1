import type { ActivityType, ActivityTypeList } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's own activity types (decision 100): live ones in their order, then archived ones. */
export function getActivityTypes(): Promise<ActivityTypeList> {
  return api.GET('/api/v1/activity-types');
}

/** Shared: the admins' editor, and the log dialogs that offer the live ones. Kept fresh by live updates (activity_types). */
export function useActivityTypes(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.activityTypes, queryFn: getActivityTypes, enabled: options.enabled ?? true });
}

/**
 * The live types a member logs from: those they used most in the last 30 days first, the rest in
 * the company's order (a sort that keeps ties in place). The list is read again only when an admin
 * changes the types, not on each log, so the buttons do not move between taps.
 */
export function orderTypesByUse(list: Pick<ActivityTypeList, 'types' | 'myUse'> | undefined): ActivityType[] | undefined {
  if (!list) return undefined;
  const use = (type: ActivityType) => list.myUse[type.id] ?? 0;
  return list.types.filter((type) => type.archivedAt === null).sort((a, b) => use(b) - use(a));
}

/** The live types in the member's order (orderTypesByUse): My Activity's buttons and the phone's quick log. */
export function useLoggableTypes(): ActivityType[] | undefined {
  const { data } = useActivityTypes();
  return useMemo(() => orderTypesByUse(data), [data]);
}
