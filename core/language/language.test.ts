import { describe, expect, it } from 'vitest';
import { matchLanguage, negotiateLanguage } from './index';

const OURS = ['en', 'nb'] as const;

describe('matchLanguage', () => {
  it.each<[string | null, 'en' | 'nb' | null]>([
    ['nb', 'nb'],
    ['nn-NO', 'nb'],
    ['no', 'nb'],
    ['NB-no', 'nb'],
    ['en-GB', 'en'],
    ['de-DE', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (tag, expected) => {
    expect(matchLanguage(tag, OURS)).toBe(expected);
  });
});

describe('negotiateLanguage', () => {
  it.each<[string, Parameters<typeof negotiateLanguage>[0], 'en' | 'nb']>([
    ['an explicit choice wins over the browser', { explicit: ['nb'], acceptLanguage: 'en-US,en' }, 'nb'],
    ['the first explicit choice we have', { explicit: [null, 'fr', 'en'], acceptLanguage: 'nb' }, 'en'],
    ['else the browser, by q-value', { acceptLanguage: 'de-DE,en;q=0.5,nb;q=0.8' }, 'nb'],
    ['equal q-values keep their order', { acceptLanguage: 'en,nb' }, 'en'],
    ['q=0 means not at all', { acceptLanguage: 'nb;q=0,de' }, 'en'],
    ['else the fallback', { acceptLanguage: 'de-DE,fr' }, 'en'],
  ])('%s', (_label, input, expected) => {
    expect(negotiateLanguage(input, OURS, 'en')).toBe(expected);
  });
});
