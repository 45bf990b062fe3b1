import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration, validated once at start. A bad value stops the server with a message that names
 * the variable (see formatConfigError), never with a stack trace from deep inside.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Trust X-Forwarded-For for the client address (only behind your own proxy). */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Absolute session lifetime in hours; sessions are not extended by activity. */
  SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 14),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

export type Config = RawConfig & {
  dataDir: string;
  publicUrl: string;
  mailFrom: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

const IGNORED_EMPTY = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

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
  return {
    ...raw,
    dataDir: resolve(raw.DATA_DIR),
    publicUrl,
    mailFrom: raw.MAIL_FROM ?? `${raw.BRAND_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    isProduction: raw.NODE_ENV === 'production',
  };
}
