import { describe, expect, it } from 'vitest';
import { parseClockTime } from './clock-time';

describe('parseClockTime', () => {
  it.each([
    ['16:00', '16:00'],
    ['9', '09:00'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9:30', '09:30'],
    ['9.30', '09:30'],
    ['09 30', '09:30'],
    [' 23:59 ', '23:59'],
    ['0', '00:00'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseClockTime(text)).toBe(expected);
  });

  it.each(['', '24:00', '12:60', '4 PM', '12:5', '12345', 'noon', '-1'])('refuses %j', (text) => {
    expect(parseClockTime(text)).toBeNull();
  });
});
