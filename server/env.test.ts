import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { ensureServerBundle } from './test/server-process';

const ROOT = resolve(import.meta.dirname, '..');

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.TENANCY).toBe('single');
    expect(config.BRAND_NAME).toBe('Dealboard');
    expect(config.dataDir).toBe(resolve('./data'));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['TENANCY', 'many'],
    ['AUTH_SECRET', 'short'],
    ['TRUST_PROXY', 'maybe'],
    ['DEV_CLOCK_START', 'next monday'],
  ])('a bad %s (%s) is refused with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`));
  });
});

describe('DEV_CLOCK_START (decision 088)', () => {
  it('starts a development clock at an instant, and is refused in production', () => {
    expect(loadConfig({ DEV_CLOCK_START: '2026-12-07T05:59:50Z' }).DEV_CLOCK_START).toBe('2026-12-07T05:59:50Z');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://sales.example.com', DEV_CLOCK_START: '2026-12-07T05:59:50Z' };
    expect(() => loadConfig(production)).toThrow(/DEV_CLOCK_START.*development and tests only/s);
  });
});

describe('server start', () => {
  const startServer = (env: Record<string, string>) =>
    spawnSync(process.execPath, [ensureServerBundle()], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('stops with a message naming the variable when configuration is bad', () => {
    const result = startServer({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="eighty"');
  });

  it('names DATA_DIR when the folder cannot be used (a file is in the way)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'dealboard-datadir-'));
    try {
      const file = join(parent, 'not-a-folder');
      writeFileSync(file, 'x');
      const result = startServer({ DATA_DIR: file, PORT: '39998' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`DATA_DIR="${file}"`);
      expect(result.stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('names DATABASE_URL, without its password, when the server cannot be reached', () => {
    const result = startServer({ DATABASE_URL: 'postgres://dealboard:s3cret-pw@127.0.0.1:1/dealboard', PORT: '39997' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL (dealboard@127.0.0.1:1/dealboard)');
    expect(result.stderr).not.toContain('s3cret-pw');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses a second server on a data folder another live process holds', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-lock-'));
    try {
      // The lock names a live process (this test runner), as a running server's would.
      writeFileSync(join(dataDir, 'dealboard.lock'), String(process.pid));
      const result = startServer({ DATA_DIR: dataDir, PORT: '39999' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('already in use by another Dealboard server');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
