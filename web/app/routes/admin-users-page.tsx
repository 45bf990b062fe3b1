import { TeamSection } from './team-section';

/** Administration, Users: members with role and join date, role changes, removal; invitations; sign-up policy. */
export function Component() {
  return <TeamSection variant="admin" />;
}
