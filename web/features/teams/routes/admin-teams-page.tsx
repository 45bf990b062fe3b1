import { TeamsSettings } from '../components/teams-settings';

/** Administration → Teams (decision 040). */
export function Component() {
  return <TeamsSettings />;
}
