import { computeLogOptions, type LogOptions } from '@core/kpi';
import { useMemo } from 'react';
import { useKpiRules } from '@web/lib/queries/get-kpi-rules';

/** What the log buttons and dialogs show (core/kpi computeLogOptions, the function the server uses too). */
export type LogRules = LogOptions;

/** The log options of the company's current rules; recomputed when an admin changes a rule. */
export function useLogRules(): { rules: LogRules | undefined; isLoading: boolean } {
  const query = useKpiRules();
  const rules = useMemo(() => (query.data ? computeLogOptions(query.data.rules) : undefined), [query.data]);
  return { rules, isLoading: query.isLoading };
}
