import type { Calendar, CreateDayOff, Language, UpdateCalendar } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * The company's working calendar: one read and its three changes (the country, adding and
 * removing a day off). Each change answers with the whole calendar, which replaces the cached one.
 */

export function getCalendar(language: Language) {
  return api.GET('/api/v1/calendar', { params: { query: { language } } });
}

export function getCalendarQueryOptions(language: Language) {
  return queryOptions({ queryKey: queryKeys.targets.calendar(language), queryFn: () => getCalendar(language) });
}

export function useCalendar(language: Language) {
  return useQuery(getCalendarQueryOptions(language));
}

function useCalendarChange<I>(change: (input: I, language: Language) => Promise<Calendar>, language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => change(input, language),
    onSuccess: async (calendar) => {
      queryClient.setQueryData(queryKeys.targets.calendar(language), calendar);
      // Pacing counts working days by the calendar.
      await queryClient.invalidateQueries({ queryKey: queryKeys.myTargets.all });
    },
  });
}

export function useUpdateCalendar(language: Language) {
  return useCalendarChange(
    (input: UpdateCalendar, lang) => api.PUT('/api/v1/calendar', { params: { query: { language: lang } }, body: input }),
    language,
  );
}

export function useAddDayOff(language: Language) {
  return useCalendarChange(
    (input: CreateDayOff, lang) => api.POST('/api/v1/calendar/days-off', { params: { query: { language: lang } }, body: input }),
    language,
  );
}

export function useRemoveDayOff(language: Language) {
  return useCalendarChange(
    (date: string, lang) => api.DELETE('/api/v1/calendar/days-off/{date}', { params: { path: { date }, query: { language: lang } } }),
    language,
  );
}
