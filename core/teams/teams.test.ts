import { describe, expect, it } from 'vitest';
import { canManageMember, isTeamLead, listManagedMembers, type Manager } from './index';

const oslo = 'team-oslo';
const bergen = 'team-bergen';
const members = [
  { userId: 'ada', teamId: oslo },
  { userId: 'bo', teamId: bergen },
  { userId: 'cy', teamId: null },
  { userId: 'lead', teamId: null },
];

describe('who manages whom', () => {
  it('an admin manages everyone, in or out of a team', () => {
    const admin: Manager = { userId: 'root', role: 'admin', ledTeamIds: [] };
    expect(listManagedMembers(admin, members).map((m) => m.userId)).toEqual(['ada', 'bo', 'cy', 'lead']);
  });

  it("a lead manages the members of the teams they lead, and themselves, nobody else's", () => {
    const lead: Manager = { userId: 'lead', role: 'user', ledTeamIds: [oslo] };
    expect(isTeamLead(lead)).toBe(true);
    expect(listManagedMembers(lead, members).map((m) => m.userId)).toEqual(['ada', 'lead']);
    expect(canManageMember(lead, { userId: 'bo', teamId: bergen })).toBe(false);
    expect(canManageMember({ ...lead, ledTeamIds: [oslo, bergen] }, { userId: 'bo', teamId: bergen })).toBe(true);
  });

  it('a rep manages only themselves', () => {
    const rep: Manager = { userId: 'ada', role: 'user', ledTeamIds: [] };
    expect(isTeamLead(rep)).toBe(false);
    expect(listManagedMembers(rep, members).map((m) => m.userId)).toEqual(['ada']);
  });
});
