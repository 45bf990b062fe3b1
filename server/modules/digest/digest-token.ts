import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CompanyId, toCompanyId, toUserId, type UserId } from '../../db/tenant';

/*
 * The weekly digest's one-click unsubscribe link (decision 047): it works without signing in, so
 * it carries who it is for (company and person) and an HMAC-SHA256 of that under the server's
 * secret (AUTH_SECRET, or the one kept in the database). It never expires: a mail from months ago
 * must still turn the digest off, and all it can do is that (and turn it on again).
 */

/** Keeps these MACs apart from anything else the secret signs. */
const PURPOSE = 'dealboard.digest-unsubscribe.v1';

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`${PURPOSE}\n${payload}`).digest();

/** `<base64url of "companyId:userId">.<base64url of the MAC>`: URL-safe, no padding. */
export function signDigestToken(secret: string, who: { companyId: string; userId: string }): string {
  const payload = `${who.companyId}:${who.userId}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** Whose token it is, or null when it is malformed or its MAC does not match (a changed link). */
export function verifyDigestToken(secret: string, token: string | undefined): { companyId: CompanyId; userId: UserId } | null {
  if (!token || token.length > 300) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const parts = /^([0-9a-f-]{36}):([A-Za-z0-9_-]{1,100})$/.exec(payload);
  if (!parts) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { companyId: toCompanyId(parts[1]!), userId: toUserId(parts[2]!) };
}
