import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays } from '@core/period';
import type { LocalDate } from '@core/period';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company-local today and the late-logging window (decision 041), from the log options. */
export function getLoggingDays() {
  return api.GET('/api/v1/activities/log-options');
}

export function getLoggingDaysQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.activities.loggingDays,
    queryFn: getLoggingDays,
    select: (options) => ({ today: options.today, lateLoggingDays: options.lateLoggingDays }),
  });
}

/** The days a rep may log for, today first: today and the window's earlier days (empty while loading). */
export function useLoggingDays(): { today: string | undefined; days: string[] } {
  const query = useQuery(getLoggingDaysQueryOptions());
  if (!query.data) return { today: undefined, days: [] };
  const { today, lateLoggingDays } = query.data;
  const days = Array.from({ length: lateLoggingDays + 1 }, (_, back) => addDays(today as LocalDate, -back));
  return { today, days };
}
