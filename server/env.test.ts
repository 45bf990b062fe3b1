import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

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
  ])('a bad %s (%s) is refused with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`));
  });
});

describe('server start', () => {
  const startServer = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
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
