import { findInviteCodeInCallback, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESET_PASSWORD_PAGE_PATH, type SignUpRefusal } from '@core/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { Config } from '../env';
import type { Mailer } from '../mail/mailer';
import { chooseMailLanguage, renderMagicLinkMail, renderResetPasswordMail, renderVerificationMail } from '../mail/templates';
import { findInvitationByCode } from '../modules/invitations/invitations.repository';
import { hashPassword, verifyPassword } from './password';

/** The header our server sets to the socket's address (client copies are stripped first). */
export const CLIENT_IP_HEADER = 'x-dealboard-client-ip';

/** Minimum password length, as the spec's join form (field attribute minLength 6). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** How long a password-reset link works. */
export const RESET_PASSWORD_EXPIRES_SECONDS = 60 * 60;

/** How long a magic link works (the mail says 15 minutes). */
export const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;

/**
 * The company a magic link's invitation belongs to, for the mail's heading. Read from the link's
 * own callback URL (/auth/callback?invite={code}), never from text the requester sent, so a
 * stranger cannot put words of their choosing into a mail sent in our name.
 */
async function findInvitedCompanyName(db: Database, magicLinkUrl: string): Promise<string | undefined> {
  try {
    const code = findInviteCodeInCallback(new URL(magicLinkUrl).searchParams.get('callbackURL'));
    if (!code) return undefined;
    const invitation = await findInvitationByCode(db, code);
    return invitation?.usedBy === null ? invitation.companyName : undefined;
  } catch {
    return undefined;
  }
}

/** The saved language better-auth hands us on its user (additionalFields.locale). */
const localeOf = (user: object): string | null => ((user as { locale?: unknown }).locale as string | undefined) ?? null;

export type SignUpGuard = (request: { headers: Headers; email: string }) => Promise<SignUpRefusal | null>;

export type CreateAuthOptions = {
  db: Database;
  config: Config;
  mailer: Mailer;
  secret: string;
  /** Returns the refusal of a sign-up (bad access code, invitation-only), or null to allow. */
  checkSignUp?: SignUpGuard;
  /** Called once a magic link has signed a person in, with the link's callback URL. */
  onMagicLinkSignIn?: (input: { userId: string; callbackURL: string | undefined }) => Promise<void>;
};

export function createAuth({ db, config, mailer, secret, checkSignUp, onMagicLinkSignIn }: CreateAuthOptions) {
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
      sendResetPassword: async ({ user, url }, request) => {
        const language = chooseMailLanguage(localeOf(user), request?.headers);
        await mailer.send(renderResetPasswordMail({ brand, to: user.email, url, expiresInMinutes: RESET_PASSWORD_EXPIRES_SECONDS / 60, language }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        const language = chooseMailLanguage(localeOf(user), request?.headers);
        await mailer.send(renderVerificationMail({ brand, to: user.email, name: user.name, url, language }));
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
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-in/magic-link': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/request-password-reset': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/send-verification-email': { window: 60, max: config.AUTH_RATE_LIMIT },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'dealboard',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
        sendMagicLink: async ({ email, url }, ctx) => {
          const companyName = await findInvitedCompanyName(db, url);
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
        if (!checkSignUp) return;
        const body = (ctx.body ?? {}) as { email?: string };
        const email = (body.email ?? '').trim();
        if (ctx.path === '/sign-up/email') {
          const refusal = await checkSignUp({ headers: ctx.headers ?? new Headers(), email });
          if (refusal) throw new APIError('FORBIDDEN', refusal);
        }
        // A magic link for an e-mail without an account creates the account when it is followed:
        // the same sign-up policy applies as for e-mail and password (an invitation code, sent as
        // x-invite-code by POST /api/v1/invitations/magic-link, satisfies it).
        if (ctx.path === '/sign-in/magic-link' && email) {
          const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
          if (existing) return;
          const refusal = await checkSignUp({ headers: ctx.headers ?? new Headers(), email });
          if (refusal) throw new APIError('FORBIDDEN', refusal);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
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
