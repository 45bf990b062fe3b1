import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text the browser downloads: scripts, styles, pictures drawn as SVG, JSON. Fonts and PNGs are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (Hono's compress() uses the same threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `name.gz` and `name.br` beside every compressible file under `dir` (decision 063): the
 * server answers from them (`serveStatic`'s `precompressed`) instead of compressing the same hashed
 * file again for every visitor. Brotli at its highest quality (only worth it because it runs once);
 * a copy that is not smaller than the file is not written. Returns the files compressed.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const compressed = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return null;
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(source, { level: 9 }),
        brotliAsync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ]);
      if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
      if (brotli.length < source.length) await writeFile(`${file}.br`, brotli);
      return file;
    }),
  );
  return compressed.filter((file) => file != null);
}

/** After the build is written: the hashed assets (the app's and the public site's) compressed once, here. */
export function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'dealboard:precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: async () => {
        await precompressDirectory(assetsDir);
      },
    },
  };
}
