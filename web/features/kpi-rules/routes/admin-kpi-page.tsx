import { KpiRulesSettings } from '../components/kpi-rules-settings';

/** Administration, KPI Rules: the same editor as Settings, KPI Rules. */
export function Component() {
  return <KpiRulesSettings />;
}
