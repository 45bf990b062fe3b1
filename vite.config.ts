import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { publicSite } from './scripts/public-site/vite-plugin';
import { themeBoot } from './scripts/theme-boot/vite-plugin';

const API_PORT = Number(process.env.API_PORT ?? 3001);
const CORE = resolve(import.meta.dirname, 'core');

/**
 * core/ is pure domain code (docs/architecture.md): importing a module runs nothing but its
 * declarations. Saying so lets the bundler drop the contracts a screen does not use when it
 * imports one schema from the '@core/contracts' barrel (decision 026).
 */
const coreHasNoSideEffects: Plugin = {
  name: 'dealboard:core-has-no-side-effects',
  transform(code, id) {
    if (id.startsWith(`${CORE}/`)) return { code, map: null, moduleSideEffects: false };
  },
};

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  publicDir: resolve(import.meta.dirname, 'web/public'),
  // publicSite: the landing and public pages, pre-rendered to static HTML (docs/decisions/010).
  // themeBoot: the app page's theme before its first paint (decision 056).
  plugins: [react(), tailwindcss(), publicSite(), themeBoot(), coreHasNoSideEffects],
  resolve: {
    alias: {
      '@core': resolve(import.meta.dirname, 'core'),
      '@web': resolve(import.meta.dirname, 'web'),
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The translation catalogs load one per language and namespace (web/i18n, decision 026);
        // name them so (common.en-*.js), not two files called common-*.js.
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/${catalog[2]}.${catalog[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': { target: `http://localhost:${API_PORT}`, changeOrigin: false },
      '/dev/mailbox': { target: `http://localhost:${API_PORT}` },
    },
  },
});
