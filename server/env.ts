import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isLoopbackHostname } from './lib/loopback';

/**
 * Configuration, validated once at start. A bad value stops the server with a message that names
 * the variable (see formatConfigError), never with a stack trace from deep inside.
 */
const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://dealboard.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  BRAND_NAME: z.string().trim().min(1).max(40).default('Dealboard'),
  TENANCY: z.enum(['single', 'multi']).default('single'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Per client address and minute: sign-ups, magic links, reset and confirmation mails; sign-in attempts get six times as many. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Which X-Forwarded-For hops to believe: none (false, 0), a number of proxies in front of us
   * (true = 1), or the proxies' addresses and subnets (10.0.0.5,10.1.0.0/16). See parseTrustProxy.
   */
  TRUST_PROXY: z.string().trim().default('false'),
  /** Development mode on an address others can reach is refused unless this says it is meant. */
  ALLOW_DEVELOPMENT_ON_PUBLIC_URL: booleanFromEnv.default(false),
  /** Mails to one address per hour, whoever asks for them (sign-up, magic links, resets). */
  MAIL_RECIPIENT_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  /** Requests per minute by one member's personal access tokens together, counted across instances (the public API, decision 035). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
  /**
   * How long a change to an activity waits before GET /api/v1/activities serves it (decision 035):
   * longer than a write may wait for a connection and than the instances' clocks disagree.
   */
  ACTIVITY_FEED_SETTLE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Development and tests only (refused in production, decision 088): the instant the server's
   * clock starts at, running on from there, so the Monday-morning digest (and every scheduler) can
   * be watched going out from a real server without waiting for Monday.
   */
  DEV_CLOCK_START: z.iso.datetime({ offset: true, message: 'An ISO 8601 instant, such as 2026-12-07T05:59:50Z' }).optional(),
  /** Absolute session lifetime in hours; sessions are not extended by activity. */
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

/** Who may set X-Forwarded-For: nobody, the last N proxies, or proxies at these addresses. */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; isProxy: (address: string) => boolean };

export type Config = RawConfig & {
  trustProxy: TrustProxy;
  dataDir: string;
  publicUrl: string;
  mailFrom: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

const IGNORED_EMPTY = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(IGNORED_EMPTY(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = env[name];
      return `  ${name}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY);
  if (typeof trustProxy === 'string')
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(env.TRUST_PROXY)}: ${trustProxy}`);
  // Development mode prints sign-in links to the log and opens the dev mailbox: on an address
  // other people use (a careless `npm start` on a server) that is an open door. NODE_ENV unset
  // means development.
  if (raw.NODE_ENV === 'development' && !isLoopbackHostname(new URL(publicUrl).hostname) && !raw.ALLOW_DEVELOPMENT_ON_PUBLIC_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  NODE_ENV=${JSON.stringify(env.NODE_ENV ?? '')}: development mode (the default) is only for this machine, but PUBLIC_URL=${JSON.stringify(publicUrl)} is an address others reach.\n` +
        '  Set NODE_ENV=production for a real deployment (and SMTP_URL for mail), or ALLOW_DEVELOPMENT_ON_PUBLIC_URL=true if you really mean to run development mode there.',
    );
  }
  if (raw.NODE_ENV === 'production' && raw.DEV_CLOCK_START !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_CLOCK_START: a clock that is not the real one is for development and tests only; unset it in production.',
    );
  }
  return {
    ...raw,
    trustProxy,
    dataDir: resolve(raw.DATA_DIR),
    publicUrl,
    mailFrom: raw.MAIL_FROM ?? `${raw.BRAND_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    isProduction: raw.NODE_ENV === 'production',
  };
}

/**
 * TRUST_PROXY: 'false'/'0'/'no' trusts no header; 'true'/'yes' one proxy; a whole number that many
 * proxies; otherwise a comma-separated list of proxy addresses or CIDR subnets. Returns the
 * parsed value, or a message saying what is wrong.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const word = value.toLowerCase();
  if (['', 'false', 'no', '0'].includes(word)) return { kind: 'none' };
  if (['true', 'yes'].includes(word)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(word)) {
    const hops = Number(word);
    return hops <= 10 ? { kind: 'hops', hops } : 'more than 10 proxies in a row is not a real deployment';
  }
  const list = new BlockList();
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const type = isIP(address ?? '');
    if (!type || extra !== undefined)
      return `"${entry}" is not an address or a subnet such as 10.0.0.0/8 (use true, a number of proxies, or their addresses)`;
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address!, family);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (type === 4 ? 32 : 128)) return `"${entry}" has a bad prefix length`;
      list.addSubnet(address!, prefix, family);
    }
  }
  return {
    kind: 'list',
    isProxy: (address) => {
      const type = isIP(address);
      return type !== 0 && list.check(address, type === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
