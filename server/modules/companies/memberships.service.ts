/*
 * Memberships (the profiles table), as the rest of the server reaches them: its one owner is
 * memberships.repository.ts, and every other module comes through this door.
 *
 * Whole operations, each its own transaction:
 */
export {
  countActiveMembers,
  findAdminRecipients,
  findActiveMembers,
  findActiveMembership,
  findDigestSubscription,
  findOwnProfile,
  hasRemovedMembership,
  insertCompanyWithAdmin,
  joinCompany,
  markMemberRemoved,
  updateDigestOptOut,
  updateMemberRole,
  updateMemberOnBoards,
  updateOwnProfile,
  type JoinOutcome,
  type MemberRecord,
  type Membership,
  type MembershipChange,
  type OwnProfile,
} from './memberships.repository';

/*
 * Transaction steps: they take the caller's open transaction (withTenant, scoped to the company),
 * for a change that must commit together with a membership's (accepting an invitation, uploading a
 * picture) or a read that must see the members in the same snapshot (the scoreboards).
 */
export {
  addMember,
  clearOwnAvatarUrl,
  countActiveMembersIn,
  hasMembershipIn,
  promoteToAdmin,
  selectActiveMemberFaces,
  selectActiveMemberFacesOf,
  selectActiveMembershipOf,
  selectActiveMembersByJoining,
  selectDigestMemberships,
  selectTeamAssignments,
  setMemberTeamIn,
  setOwnAvatarUrl,
  type ActiveMembershipRef,
  type DigestMembership,
  type MemberByJoining,
  type MemberFace,
  type TeamAssignment,
} from './memberships.repository';
