import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@web/lib/api';
import { isStillLoadingError } from './dashboard-error';

describe('dashboard errors', () => {
  it("treats an unreachable or restarting server, and any 'RPC' message, as 'still loading'", () => {
    expect(isStillLoadingError(new ApiRequestError(503, 'unavailable', 'Starting'))).toBe(true);
    expect(isStillLoadingError(new ApiRequestError(0, 'network', 'Could not reach the server'))).toBe(true);
    expect(isStillLoadingError(new Error('RPC get_team_stats not found'))).toBe(true);
    expect(isStillLoadingError(new ApiRequestError(403, 'forbidden', 'Not a member'))).toBe(false);
  });
});
