import { describe, expect, it } from 'vitest';
import { toCompanyId, toUserId } from '../../db/tenant';
import { ACTOR_CACHE_TTL_MS, ActorCache } from './actor-cache';

const user = (id: string) => ({ id: toUserId(id), email: `${id}@example.com`, name: id, image: null, emailVerified: true, locale: null });
const membership = (companyId: string) => ({ companyId: toCompanyId(companyId), role: 'user' as const, timezone: 'Europe/Oslo' });

function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  return { cache: new ActorCache(() => clock.now), clock };
}

describe('the actor cache', () => {
  it('remembers a session until the TTL or the session ends, whichever comes first', () => {
    const { cache, clock } = cacheAt();
    cache.store('cookie-a', { user: user('ada'), membership: membership('c1'), sessionExpiresAt: clock.now + 10 * 60_000 }, cache.begin());
    cache.store('cookie-b', { user: user('bo'), membership: null, sessionExpiresAt: clock.now + 1_000 }, cache.begin());
    expect(cache.get('cookie-a')?.user.id).toBe('ada');
    clock.now += 1_000;
    expect(cache.get('cookie-b')).toBeNull(); // the session itself ended
    expect(cache.get('cookie-a')?.membership).toEqual(membership('c1'));
    clock.now += ACTOR_CACHE_TTL_MS;
    expect(cache.get('cookie-a')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("forgets a person's every session, or a company's members, on the changes the database announces", () => {
    const { cache, clock } = cacheAt();
    const later = clock.now + 3_600_000;
    cache.store('ada-phone', { user: user('ada'), membership: membership('c1'), sessionExpiresAt: later }, cache.begin());
    cache.store('ada-laptop', { user: user('ada'), membership: membership('c1'), sessionExpiresAt: later }, cache.begin());
    cache.store('bo', { user: user('bo'), membership: membership('c1'), sessionExpiresAt: later }, cache.begin());
    cache.store('cy', { user: user('cy'), membership: membership('c2'), sessionExpiresAt: later }, cache.begin());

    cache.forget({ company_id: null, table: 'session', op: 'DELETE', id: 'ada', user_id: 'ada' });
    expect([cache.get('ada-phone'), cache.get('ada-laptop')]).toEqual([null, null]);
    expect(cache.get('bo')).not.toBeNull();

    cache.forget({ company_id: 'c1', table: 'companies', op: 'UPDATE', id: 'c1', user_id: null });
    expect(cache.get('bo')).toBeNull();
    expect(cache.get('cy')).not.toBeNull();

    cache.forget({ company_id: 'c2', table: 'profiles', op: 'UPDATE', id: 'p', user_id: 'cy' });
    expect(cache.get('cy')).toBeNull();
  });

  it('does not store what a lookup found when something was forgotten while it ran', () => {
    const { cache, clock } = cacheAt();
    const since = cache.begin(); // the lookup reads the session ...
    cache.forgetUser('ada'); // ... while a sign-out commits and is announced
    cache.store('ada', { user: user('ada'), membership: undefined, sessionExpiresAt: clock.now + 60_000 }, since);
    expect(cache.get('ada')).toBeNull();

    cache.store('ada', { user: user('ada'), membership: undefined, sessionExpiresAt: clock.now + 60_000 }, cache.begin());
    const membershipLookup = cache.begin();
    cache.forget({ company_id: 'c1', table: 'profiles', op: 'UPDATE', id: 'p', user_id: 'bo' });
    cache.storeMembership('ada', membership('c1'), membershipLookup);
    expect(cache.get('ada')?.membership).toBeUndefined(); // looked up again next time
  });
});
