import { describe, expect, it } from 'vitest';
import { computeInitials } from './avatar-letters';

describe('computeInitials', () => {
  it('makes two initials from a name', () => {
    expect(computeInitials('Kari Nordmann')).toBe('KN');
    expect(computeInitials('Ola Johan Hansen')).toBe('OH');
    expect(computeInitials('Sofie')).toBe('S');
  });
});
