import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './vite-plugin';

describe('precompressDirectory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dealboard-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a gzip and a brotli copy beside each text asset, and leaves small files and fonts alone', async () => {
    const script = `console.log(${JSON.stringify('dealboard '.repeat(500))});`;
    const style = `.board{color:#0b1e33}\n`.repeat(200);
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'app-Ab12.js'), script);
    writeFileSync(join(dir, 'nested', 'site-Cd34.css'), style);
    writeFileSync(join(dir, 'tiny-Ef56.js'), 'export{};');
    writeFileSync(join(dir, 'inter-latin.woff2'), Buffer.alloc(4096, 7));

    const compressed = await precompressDirectory(dir);

    expect(compressed.sort()).toEqual([join(dir, 'app-Ab12.js'), join(dir, 'nested', 'site-Cd34.css')]);
    expect(gunzipSync(readFileSync(join(dir, 'app-Ab12.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'app-Ab12.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'nested', 'site-Cd34.css.gz'))).toString()).toBe(style);
    expect(existsSync(join(dir, 'tiny-Ef56.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'inter-latin.woff2.gz'))).toBe(false);
  });
});
