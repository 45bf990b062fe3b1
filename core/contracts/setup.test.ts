import { describe, expect, it } from 'vitest';
import { parseEmailList } from './setup';

describe('parseEmailList', () => {
  it('splits on commas, semicolons, spaces and new lines, and takes the address of "Name <address>"', () => {
    expect(
      parseEmailList('Kari Nordmann <kari@example.com>, per@example.com; ola@example.com\nline@example.com  tab@example.com').valid,
    ).toEqual(['kari@example.com', 'per@example.com', 'ola@example.com', 'line@example.com', 'tab@example.com']);
  });

  it('lists invalid pieces as typed and repeated addresses once, whatever their case', () => {
    expect(parseEmailList('a@example.com, nope, A@EXAMPLE.com, a@example.com, @x')).toEqual({
      valid: ['a@example.com'],
      invalid: ['nope', '@x'],
      duplicates: ['a@example.com'],
    });
  });

  it('reads an empty box as nothing', () => {
    expect(parseEmailList(' \n ,, ')).toEqual({ valid: [], invalid: [], duplicates: [] });
  });
});
