import { describe, expect, it } from 'vitest';
import { composePushMessage, computeClockTime, decidePushDrop, DEFAULT_PUSH_PREFERENCES, isInQuietHours, isReminderDue } from './index';

describe('quiet hours', () => {
  it.each([
    ['22:00', '07:00', '23:30', true],
    ['22:00', '07:00', '06:59', true],
    ['22:00', '07:00', '07:00', false],
    ['22:00', '07:00', '12:00', false],
    ['12:00', '13:00', '12:30', true],
    ['12:00', '13:00', '13:00', false],
  ])('from %s to %s, at %s: %s', (quietFrom, quietTo, time, expected) => {
    expect(isInQuietHours(time, { quietFrom, quietTo })).toBe(expected);
  });

  it('none when unset', () => {
    expect(isInQuietHours('03:00', { quietFrom: null, quietTo: null })).toBe(false);
  });
});

describe('the wrap-up reminder', () => {
  it('is due from its time for two hours', () => {
    expect(isReminderDue('15:59', '16:00')).toBe(false);
    expect(isReminderDue('16:00', '16:00')).toBe(true);
    expect(isReminderDue('17:59', '16:00')).toBe(true);
    expect(isReminderDue('18:00', '16:00')).toBe(false);
  });

  it('is not dropped by quiet hours (its time is the member’s own choice); other kinds are', () => {
    const preferences = { ...DEFAULT_PUSH_PREFERENCES, wrapupReminder: true, quietFrom: '15:00', quietTo: '17:00' };
    expect(decidePushDrop({ kind: 'wrapup_reminder', preferences, time: '16:00', ageMs: 0 })).toBeNull();
    expect(decidePushDrop({ kind: 'badge_earned', preferences, time: '16:00', ageMs: 0 })).toBe('quiet_hours');
    expect(decidePushDrop({ kind: 'badge_earned', preferences: { ...preferences, badgeEarned: false }, time: '12:00', ageMs: 0 })).toBe(
      'switched_off',
    );
  });
});

describe('the clock and the texts', () => {
  it('reads the wall clock in the zone, across DST', () => {
    expect(computeClockTime(new Date('2026-07-01T14:05:00Z'), 'Europe/Oslo')).toBe('16:05');
    expect(computeClockTime(new Date('2026-12-01T14:05:00Z'), 'Europe/Oslo')).toBe('15:05');
  });

  it('writes in the member’s language', () => {
    expect(composePushMessage({ kind: 'badge_earned', badge: 'first_sale' }, 'nb').body).toBe('Du har fått merket «Første salg».');
    // A company's own badge (decision 107) by its own name in the member's language, each on its own.
    const own = composePushMessage(
      { kind: 'badge_earned', badge: 'company', names: { en: 'Demo machine', nb: 'Demomaskin' }, companyBadgeId: 'b1' },
      'nb',
    );
    expect(own).toMatchObject({ body: 'Du har fått merket «Demomaskin».', tag: 'badge-company-b1' });
    expect(composePushMessage({ kind: 'contest_started', contestId: 'c1', contestName: 'Blitz' }, 'en')).toMatchObject({
      title: 'The contest has started',
      url: '/app/contests/c1',
    });
  });

  it('writes in Swedish', () => {
    expect(composePushMessage({ kind: 'badge_earned', badge: 'goal_streak' }, 'sv')).toMatchObject({
      title: 'Nytt märke!',
      body: 'Du har fått märket ”5 dagar i svit”.',
    });
    expect(composePushMessage({ kind: 'contest_started', contestId: 'c1', contestName: 'Blitz' }, 'sv')).toMatchObject({
      title: 'Tävlingen har startat',
      body: 'Blitz är igång. Lycka till!',
      url: '/app/contests/c1',
    });
    expect(composePushMessage({ kind: 'wrapup_reminder', date: '2026-12-01' }, 'sv').title).toBe('Dags för dagens sammanfattning');
  });

  it('writes in Danish', () => {
    expect(composePushMessage({ kind: 'badge_earned', badge: 'first_sale' }, 'da')).toMatchObject({
      title: 'Nyt mærke!',
      body: 'Du har fået mærket »Første salg«.',
    });
    expect(composePushMessage({ kind: 'wrapup_comment', wrapupId: 'w1', authorName: 'Mette', excerpt: 'Godt gået!' }, 'da')).toMatchObject({
      title: 'Mette kommenterede din opsummering',
      body: 'Godt gået!',
    });
    expect(composePushMessage({ kind: 'wrapup_reminder', date: '2026-12-01' }, 'da').title).toBe('Tid til dagens opsummering');
  });
});
