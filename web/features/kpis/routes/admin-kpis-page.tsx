import { KpisSettings } from '../components/kpis-settings';

/** Administration → KPIs (decision 101). */
export function Component() {
  return <KpisSettings />;
}
