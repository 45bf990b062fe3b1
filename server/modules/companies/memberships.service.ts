/*
 * Memberships (the profiles table), as the rest of the server reaches them: its owner is
 * memberships.repository.ts with members.repository.ts and member-views.repository.ts, and every
 * other module comes through this door.
 *
 * Whole operations, each its own transaction:
 */
export {
  findAdminRecipients,
  findActiveMembership,
  findOwnProfile,
  hasRemovedMembership,
  insertCompanyWithAdmin,
  joinCompany,
  updateOwnProfile,
  type JoinOutcome,
  type Membership,
  type OwnProfile,
} from './memberships.repository';
export {
  countActiveMembers,
  findActiveMembers,
  markMemberRemoved,
  updateMemberRole,
  updateMemberOnBoards,
  type MemberRecord,
  type MembershipChange,
} from './members.repository';
export { findDigestSubscription, updateDigestOptOut } from './member-views.repository';

/*
 * Transaction steps: they take the caller's open transaction (withTenant, scoped to the company),
 * for a change that must commit together with a membership's (accepting an invitation, uploading a
 * picture) or a read that must see the members in the same snapshot (the scoreboards).
 */
export {
  addMember,
  clearOwnAvatarUrl,
  lockCompanyMembership,
  promoteToAdmin,
  selectActiveMembershipOf,
  setOwnAvatarUrl,
  type ActiveMembershipRef,
} from './memberships.repository';
export { countActiveMembersIn, selectActiveMemberIn } from './members.repository';
export {
  hasMembershipIn,
  selectActiveMemberFaces,
  selectActiveMemberFacesOf,
  selectActiveMembersByJoining,
  selectDigestMemberships,
  selectTeamAssignments,
  setMemberTeamIn,
  type DigestMembership,
  type MemberByJoining,
  type MemberFace,
  type TeamAssignment,
} from './member-views.repository';
