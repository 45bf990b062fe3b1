import { ActivityTypesSettings } from '../components/activity-types-settings';

/** Administration → Activity types (decision 100). */
export function Component() {
  return <ActivityTypesSettings />;
}
