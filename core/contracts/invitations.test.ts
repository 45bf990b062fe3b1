import { describe, expect, it } from 'vitest';
import { findInviteCodeInCallback, magicLinkCallbackPath } from './invitations';

describe('the invitation code in a magic link callback', () => {
  it.each(['Ab3_x-9', 'with space&and=equals'])('survives the round trip: %s', (code) => {
    expect(findInviteCodeInCallback(magicLinkCallbackPath(code))).toBe(code);
  });
  it.each([null, undefined, '', '/auth/callback', '/auth/callback?other=1', '/auth/callback?invite=%E0%A4%A'])(
    'finds none in %s',
    (url) => {
      expect(findInviteCodeInCallback(url)).toBeNull();
    },
  );
});
