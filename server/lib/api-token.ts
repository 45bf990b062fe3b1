import { createHash, randomInt } from 'node:crypto';

/*
 * The shape of a personal access token (decision 035): `dbp_` and 43 letters and digits, 256 random
 * bits. The prefix lets secret scanners (GitHub's, GitLab's, a grep in CI) recognise a leaked one;
 * letters and digits only, so a double click selects it whole. Made by the api-tokens module, read
 * by the session's middleware on every API call.
 */

export const API_TOKEN_PREFIX = 'dbp_';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 43 characters of 62: 43 x log2(62) = 256.03 bits. */
const SECRET_LENGTH = 43;
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`);

/** A new token's secret; randomInt draws each character without modulo bias. */
export function generateApiTokenSecret(): string {
  let secret = API_TOKEN_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return secret;
}

export const isApiTokenShape = (value: string): boolean => TOKEN_PATTERN.test(value);

/**
 * What is stored and looked up: SHA-256, hex. A fast hash is right for a 256-bit random secret
 * (nobody can guess one to test against it, so a slow hash would only slow every API call); no
 * key either, so rotating AUTH_SECRET does not invalidate every token.
 */
export const hashApiToken = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** How a token shows in a list: its prefix and last four characters. */
export const hintOfApiToken = (secret: string): string => `${API_TOKEN_PREFIX}...${secret.slice(-4)}`;
