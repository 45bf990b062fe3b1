import {
  findInviteCodeInCallback,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_PAGE_PATH,
  type SignUpRefusal,
} from '@core/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import * as schema from '../db/schema';
import type { Config } from '../env';
import type { Mailer } from '../mail/mailer';
import { chooseMailLanguage, renderMagicLinkMail, renderResetPasswordMail, renderVerificationMail } from '../mail/templates';
import { hashPassword, verifyPassword } from './password';
import { type PasswordOwner, requireAcceptablePassword } from './password-policy';
import { forgetSignInFailures, requireSignInAllowed } from './sign-in-limit';

/** The header our server sets to the socket's address (client copies are stripped first). */
export const CLIENT_IP_HEADER = 'x-dealboard-client-ip';

/** Minimum password length (decision 018); the strength check in the hooks below asks for more. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/**
 * Sign-in attempts per client address per minute, as a multiple of AUTH_RATE_LIMIT (10 -> 60).
 * Each account has its own limit on failures (sign-in-limit.ts), so this one no longer has to be
 * tight: it keeps one address from spraying guesses over many accounts and from spending the
 * server's CPU (each attempt is one argon2id hash, about 50 ms), without locking out an office
 * behind one NAT after a few typos (decision 018).
 */
export const SIGN_IN_ATTEMPTS_PER_RATE_LIMIT = 6;

/** How long a password-reset link works. */
export const RESET_PASSWORD_EXPIRES_SECONDS = 60 * 60;

/** How long a magic link works (the mail says 15 minutes). */
export const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;

/**
 * The company a magic link's invitation belongs to, for the mail's heading. Read from the link's
 * own callback URL (/auth/callback?invite={code}), never from text the requester sent, so a
 * stranger cannot put words of their choosing into a mail sent in our name.
 */
async function findInvitedCompanyName(lookups: AuthLookups, magicLinkUrl: string): Promise<string | undefined> {
  try {
    const code = findInviteCodeInCallback(new URL(magicLinkUrl).searchParams.get('callbackURL'));
    if (!code) return undefined;
    const invitation = await lookups.findInvitation(code);
    return invitation?.usedBy === null ? invitation.companyName : undefined;
  } catch {
    return undefined;
  }
}

/** The company whose invitation (x-invite-code) a sign-up presents, for the password check. */
async function findCompanyNameOfInvitation(lookups: AuthLookups, headers: Headers | undefined): Promise<string | null> {
  const code = headers?.get('x-invite-code')?.trim();
  if (!code || code.length > 200) return null;
  try {
    return (await lookups.findInvitation(code))?.companyName ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a sign-up presents an open invitation (x-invite-code) mailed to exactly the address it
 * signs up with (decision 076). That address needs no confirmation mail: the invitation reached
 * the person in that mailbox. Another address, a link shared without one, or a used or expired
 * code: no.
 */
async function isInvitedAddress(lookups: AuthLookups, headers: Headers | undefined, email: string): Promise<boolean> {
  const code = headers?.get('x-invite-code')?.trim();
  if (!code || code.length > 200) return false;
  try {
    return (await lookups.findInvitedAddress(code)) === email.toLowerCase();
  } catch {
    return false;
  }
}

/** A signed-up person's own words for the password check: their address, names and company. */
async function findPasswordOwner(lookups: AuthLookups, user: { id: string; email: string; name: string }): Promise<PasswordOwner> {
  const membership = await lookups.findMembership(user.id);
  return { email: user.email, names: [user.name, membership?.displayName], companyName: membership?.company.name };
}

const isEmail = (value: unknown): value is string => typeof value === 'string' && z.email().safeParse(value).success;

/** What an endpoint answered, as the after-hooks see it: its JSON, or the APIError it threw. */
function isRefusal(returned: unknown): returned is { statusCode: number; body?: { code?: string } } {
  return typeof returned === 'object' && returned !== null && 'statusCode' in returned && typeof returned.statusCode === 'number';
}

/** The saved language better-auth hands us on its user (additionalFields.locale). */
const localeOf = (user: object): string | null => ((user as { locale?: unknown }).locale as string | undefined) ?? null;

export type SignUpGuard = (request: { headers: Headers; email: string }) => Promise<SignUpRefusal | null>;

/**
 * What the hooks ask of the modules that own invitations and memberships, handed in by
 * bootstrap.ts: auth sits below the modules (the session middleware reads its cookie name), so it
 * imports none of them.
 */
export type AuthLookups = {
  /** The invitation a code names: its company's name, and who used it (null while unused). */
  findInvitation: (code: string) => Promise<{ companyName: string; usedBy: string | null } | null>;
  /** The address an open invitation was mailed to (lower case); null for none (decision 076). */
  findInvitedAddress: (code: string) => Promise<string | null>;
  /** The person's active membership: their name in it and the company's. */
  findMembership: (userId: string) => Promise<{ displayName: string | null; company: { name: string } } | null>;
};

export type CreateAuthOptions = {
  db: Database;
  config: Config;
  mailer: Mailer;
  secret: string;
  /** Returns the refusal of a sign-up (bad access code, invitation-only), or null to allow. */
  checkSignUp?: SignUpGuard;
  lookups: AuthLookups;
  /** Called once a magic link has signed a person in, with the link's callback URL. */
  onMagicLinkSignIn?: (input: { userId: string; callbackURL: string | undefined }) => Promise<void>;
  /** The clock of the per-account sign-in limit (tests move it). */
  now?: () => Date;
};

const AUTH_COOKIE_PREFIX = 'dealboard';

/** The session cookie's name exactly as better-auth sets and reads it for this site. */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.startsWith('https://') ? '__Secure-' : ''}${AUTH_COOKIE_PREFIX}.session_token`;
}

export function createAuth({
  db,
  config,
  mailer,
  secret,
  checkSignUp,
  lookups,
  onMagicLinkSignIn,
  now = () => new Date(),
}: CreateAuthOptions) {
  const brand = config.BRAND_NAME;
  return betterAuth({
    appName: brand,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      // The saved language (Settings, avatar menu) rides on the session, so /me can apply it on any
      // device without another query. input: false: sign-up cannot set it; PATCH /me/profile does.
      additionalFields: { locale: { type: 'string', required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_SECONDS,
      // A new password signs the account out everywhere: whoever had the old one (or a stolen
      // session) is out once the owner has reset it.
      revokeSessionsOnPasswordReset: true,
      // The owner proved they hold the mailbox: a lock built up by someone guessing is lifted.
      onPasswordReset: async ({ user }) => {
        await forgetSignInFailures(db, user.email, now());
      },
      sendResetPassword: async ({ user, url }, request) => {
        const language = chooseMailLanguage(localeOf(user), request?.headers);
        await mailer.send(
          renderResetPasswordMail({ brand, to: user.email, url, expiresInMinutes: RESET_PASSWORD_EXPIRES_SECONDS / 60, language }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        // An invited address was confirmed as the account was made (databaseHooks below): no mail.
        if (user.emailVerified) return;
        const language = chooseMailLanguage(localeOf(user), request?.headers);
        await mailer.send(renderVerificationMail({ brand, to: user.email, name: user.name, url, language }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Decision 076: joining with the address an invitation was mailed to confirms it. This
          // runs only when sign-up really creates the account: a sign-up for an address that has
          // one already gets better-auth's look-alike answer and touches nothing.
          before: async (user, ctx) => {
            if (ctx?.path !== '/sign-up/email' || user.emailVerified) return;
            if (await isInvitedAddress(lookups, ctx.headers, user.email)) return { data: { ...user, emailVerified: true } };
          },
        },
      },
    },
    session: {
      // Absolute lifetime: a session is never extended by use, so a stolen cookie dies on time.
      expiresIn: config.SESSION_HOURS * 3600,
      disableSessionRefresh: true,
      modelName: 'session',
    },
    rateLimit: {
      // On in every mode (better-auth enables it only in production by default), stored in the
      // database so that several server instances count together.
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT * SIGN_IN_ATTEMPTS_PER_RATE_LIMIT },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-in/magic-link': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/request-password-reset': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/send-verification-email': { window: 60, max: config.AUTH_RATE_LIMIT },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
        sendMagicLink: async ({ email, url }, ctx) => {
          const companyName = await findInvitedCompanyName(lookups, url);
          const language = chooseMailLanguage(null, ctx?.headers ?? ctx?.request?.headers);
          await mailer.send(renderMagicLinkMail({ brand, to: email, url, companyName, language }));
        },
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The reset link always opens our page (/auth/reset-password?token=...): better-auth
        // otherwise sends a caller who named no page to its bare /error screen.
        if (ctx.path === '/request-password-reset') {
          return { context: { body: { ...(ctx.body as object), redirectTo: RESET_PASSWORD_PAGE_PATH } } };
        }
        // A confirmation link opened again (decision 071): better-auth would send the person on
        // signed out, with nothing said; the sign-in page says the address is confirmed already.
        if (ctx.path === '/verify-email') {
          const already = await findAlreadyConfirmedPage(db, ctx.context.secret, ctx.query);
          if (already) throw ctx.redirect(already);
          return;
        }
        // The body is not validated yet (better-auth does that after the hooks): read it warily.
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === 'string' ? body.email.trim() : '';

        // The per-account limit on password guesses (decision 018): counted before the password
        // is checked, refused with 429 while the account is locked. Only a well-formed attempt
        // counts; better-auth refuses the rest before it looks at any password.
        if (
          ctx.path === '/sign-in/email' &&
          isEmail(email) &&
          typeof body.password === 'string' &&
          body.password.length <= PASSWORD_MAX_LENGTH
        ) {
          await requireSignInAllowed(db, email, now());
          return;
        }

        if (ctx.path === '/sign-up/email') {
          if (checkSignUp) {
            const refusal = await checkSignUp({ headers: ctx.headers ?? new Headers(), email });
            if (refusal) throw new APIError('FORBIDDEN', refusal);
          }
          const companyName = await findCompanyNameOfInvitation(lookups, ctx.headers);
          requireAcceptablePassword(body.password, {
            email,
            names: [typeof body.name === 'string' ? body.name : null],
            companyName,
            brand,
          });
          return;
        }

        // A new password from the reset mail's link: checked against the account the token is
        // for. An unknown or spent token is left to better-auth, which says so (INVALID_TOKEN).
        if (ctx.path === '/reset-password') {
          const query = (ctx.query ?? {}) as { token?: unknown };
          const token = typeof body.token === 'string' && body.token ? body.token : query.token;
          if (typeof token !== 'string' || !token) return;
          const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
          if (!verification || verification.expiresAt < new Date()) return;
          const user = await ctx.context.internalAdapter.findUserById(verification.value);
          if (!user) return;
          requireAcceptablePassword(body.newPassword, { ...(await findPasswordOwner(lookups, user)), brand });
          return;
        }

        // Changing the password while signed in: the new one must be strong, and the current one
        // is a password guess like a sign-in (a stolen session must not make guessing free).
        if (ctx.path === '/change-password') {
          const session = await getSessionFromCtx(ctx);
          if (!session) return; // better-auth answers 401
          requireAcceptablePassword(body.newPassword, { ...(await findPasswordOwner(lookups, session.user)), brand });
          if (typeof body.currentPassword === 'string' && typeof body.newPassword === 'string') {
            await requireSignInAllowed(db, session.user.email, now());
          }
          return;
        }

        // A magic link for an e-mail without an account creates the account when it is followed:
        // the same sign-up policy applies as for e-mail and password (an invitation code, sent as
        // x-invite-code by POST /api/v1/invitations/magic-link, satisfies it).
        if (ctx.path === '/sign-in/magic-link' && email && checkSignUp) {
          const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
          if (existing) return;
          const refusal = await checkSignUp({ headers: ctx.headers ?? new Headers(), email });
          if (refusal) throw new APIError('FORBIDDEN', refusal);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A right password forgets the account's failures. EMAIL_NOT_VERIFIED comes after the
        // password was found right, so it counts as right; every other refusal stays counted.
        if (ctx.path === '/sign-in/email' || ctx.path === '/change-password') {
          const returned = ctx.context.returned;
          const isRight = !isRefusal(returned) || (ctx.path === '/sign-in/email' && returned.body?.code === 'EMAIL_NOT_VERIFIED');
          if (!isRight) return;
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const account =
            ctx.path === '/sign-in/email' ? body.email : (returned as { user?: { email?: unknown } } | undefined)?.user?.email;
          if (typeof account === 'string') await forgetSignInFailures(db, account, now());
          return;
        }
        // An invited newcomer whose address came confirmed (decision 076) is signed in at once, as
        // the confirmation link would have done; the page goes on to the invitation.
        if (ctx.path === '/sign-up/email') {
          const returned = ctx.context.returned;
          if (isRefusal(returned)) return;
          const created = (returned as { user?: { id?: unknown; emailVerified?: unknown } } | undefined)?.user;
          // better-auth's answer for an address that has an account already is a made-up user
          // that is never confirmed and exists nowhere: only a real, confirmed new row counts.
          if (created?.emailVerified !== true || typeof created.id !== 'string') return;
          const user = await ctx.context.internalAdapter.findUserById(created.id);
          if (!user?.emailVerified) return;
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user: created });
        }
        if (ctx.path !== '/magic-link/verify' || !onMagicLinkSignIn) return;
        const session = ctx.context.newSession;
        if (!session) return;
        const callbackURL = (ctx.query as { callbackURL?: string } | undefined)?.callbackURL;
        await onMagicLinkSignIn({ userId: session.user.id, callbackURL });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A signed-in session as better-auth reads it from a request's cookie. */
export type ReadSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

/**
 * The session a request's cookie names, or null when it names none (no cookie, expired, signed
 * out, forged). A database that cannot be reached is not "signed out": that error is thrown on,
 * so the caller answers 503 with Retry-After (and a phone keeps its member signed in) instead of
 * 401. better-auth wraps it as the cause of its own INTERNAL_SERVER_ERROR, which
 * isDatabaseUnavailable reads through.
 */
export async function readSession(auth: Auth, headers: Headers): Promise<ReadSession | null> {
  try {
    return await auth.api.getSession({ headers });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

/**
 * Where a confirmation link goes when its address is confirmed already: the sign-in page, saying
 * so (keeping an invitation the link was for). Null for anything else, which better-auth handles
 * as ever: a link that is forged, expired or changes the address, or an address not yet confirmed.
 * The token is checked as better-auth checks it (HS256 with the auth secret), so the answer tells
 * nobody anything about an address they hold no link for.
 */
async function findAlreadyConfirmedPage(db: Database, secret: string, query: unknown): Promise<string | null> {
  const { token, callbackURL } = (query ?? {}) as { token?: unknown; callbackURL?: unknown };
  if (typeof token !== 'string') return null;
  let email: string;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.email !== 'string' || payload.updateTo) return null;
    email = payload.email.toLowerCase();
  } catch {
    return null;
  }
  const [found] = await db
    .select({ emailVerified: schema.user.emailVerified })
    .from(schema.user)
    .where(sql`lower(${schema.user.email}) = ${email}`);
  if (!found?.emailVerified) return null;
  const invite = typeof callbackURL === 'string' ? new URL(callbackURL, 'http://callback.invalid').searchParams.get('invite_code') : null;
  return `/auth?already_confirmed=1${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`;
}
