import { describe, expect, it } from 'vitest';
import { toInAppPath } from './in-app-path';

const ORIGIN = 'https://dealboard.example';

describe('toInAppPath', () => {
  it.each([
    ['/app/weekly', '/app/weekly'],
    ['/app', '/app'],
    ['/tv', '/tv'],
    ['/tv?display=1#top', '/tv?display=1#top'],
    ['/app/settings?tab=team', '/app/settings?tab=team'],
    ['/admin', '/admin'],
  ])('returns the in-app path %s', (from, expected) => {
    expect(toInAppPath(from, ORIGIN)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.example/app'],
    ['backslash', '/\\evil.example/app'],
    ['tab smuggled', '/\t/evil.example/app'],
    ['absolute, other origin', 'https://evil.example/app'],
    ['absolute, same origin', `${ORIGIN}/app`],
    ['javascript:', 'javascript:alert(1)'],
    ['dot segments out of the app', '/app/../auth'],
    ['a public page', '/landing'],
    ['the sign-in page', '/auth'],
    ['a look-alike prefix', '/application'],
    ['not text', 42],
    ['nothing', null],
    ['empty', ''],
  ])('refuses %s', (_label, from) => {
    expect(toInAppPath(from, ORIGIN)).toBeNull();
  });
});
