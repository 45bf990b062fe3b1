import { describe, expect, it } from 'vitest';
import { readCatalogFile, selectForLanguage } from '../../web/sw/catalog-files';
import { isShellFile, listAppPreloads, listPreloadHints, listShellScripts, type ShellChunk } from './vite-plugin';

const ROOT = '/repo';
const chunk = (
  fileName: string,
  imports: string[] = [],
  facade: string | null = null,
  isEntry = false,
  dynamicImports: string[] = [],
): ShellChunk => ({
  fileName,
  imports,
  dynamicImports,
  facadeModuleId: facade ? `${ROOT}/${facade}` : null,
  isEntry,
});

/** A bundle shaped like the app's: an entry, the shell and start screens, other screens, shared chunks. */
const BUNDLE: ShellChunk[] = [
  chunk('assets/index-A.js', ['assets/ui-B.js'], 'web/index.html', true, [
    'assets/toaster-L.js',
    'assets/settings-page-J.js',
    'assets/app-shell-F.js',
    'assets/common.en-M.js',
  ]),
  chunk('assets/toaster-L.js', [], 'web/components/ui/toaster-lazy.tsx'),
  chunk('assets/common.en-M.js', [], 'web/i18n/locales/en/common.json'),
  chunk('assets/common.nb-O.js', [], 'web/i18n/locales/nb/common.json'),
  chunk('assets/activity.nb-P.js', [], 'web/i18n/locales/nb/activity.json'),
  chunk('assets/settings.nb-Q.js', [], 'web/i18n/locales/nb/settings.json'),
  chunk('assets/scoreboard.nb-R.js', [], 'web/i18n/locales/nb/scoreboard.json'),
  chunk('assets/targets.en-S.js', [], 'web/i18n/locales/en/targets.json'),
  chunk('assets/password-N.js', [], 'core/passwords/assess-password.ts'),
  chunk('assets/ui-B.js', ['assets/index-A.js']),
  chunk('assets/lib-C.js'),
  chunk('assets/shared-D.js', ['assets/lib-C.js']),
  chunk('assets/shared-E.js'),
  chunk('assets/app-shell-F.js', ['assets/shared-D.js'], 'web/app/shell/app-shell.tsx'),
  chunk('assets/quick-log-page-G.js', ['assets/lib-C.js'], 'web/features/activity/routes/quick-log-page.tsx', false, [
    'assets/password-N.js',
  ]),
  chunk('assets/dashboard-page-H.js', [], 'web/features/dashboard/routes/dashboard-page.tsx'),
  chunk('assets/activity-page-I.js', [], 'web/app/routes/activity-page.tsx'),
  chunk('assets/settings-page-J.js', ['assets/shared-E.js'], 'web/app/routes/settings-page.tsx'),
  chunk('assets/charts-K.js'),
];

describe('listShellScripts', () => {
  it('takes the entry and the start screens with every chunk they import or load on demand, and leaves the other screens, catalogs and the password checker', () => {
    expect([...listShellScripts(BUNDLE)].sort()).toEqual([
      'assets/activity-page-I.js',
      'assets/app-shell-F.js',
      'assets/dashboard-page-H.js',
      'assets/index-A.js',
      'assets/lib-C.js',
      'assets/quick-log-page-G.js',
      'assets/shared-D.js',
      'assets/toaster-L.js',
      'assets/ui-B.js',
    ]);
  });

  it('fails the build when a start screen has no chunk of its own (a moved file would leave it out of the install)', () => {
    expect(() => listShellScripts(BUNDLE.filter((c) => !c.fileName.startsWith('assets/dashboard-page')))).toThrow(
      /web\/features\/dashboard\/routes\/dashboard-page\.tsx/,
    );
  });
});

describe('listPreloadHints', () => {
  it("lists per start screen the shell's and the screen's scripts the page does not load already, and per language the first render's catalogs", () => {
    const hints = listPreloadHints(BUNDLE);
    expect(hints.screens['/app/quick-log']).toEqual([
      'assets/app-shell-F.js',
      'assets/shared-D.js',
      'assets/lib-C.js',
      'assets/quick-log-page-G.js',
    ]);
    expect(hints.screens['/app']).toEqual(['assets/app-shell-F.js', 'assets/shared-D.js', 'assets/lib-C.js', 'assets/dashboard-page-H.js']);
    expect(hints.shell).toEqual(['assets/app-shell-F.js', 'assets/shared-D.js', 'assets/lib-C.js']);
    expect(hints.catalogs).toEqual({ en: ['assets/common.en-M.js'], nb: ['assets/common.nb-O.js', 'assets/activity.nb-P.js'] });
  });

  it('lists per start screen and language the catalogs its first render waits for beyond the shell', () => {
    const hints = listPreloadHints(BUNDLE);
    expect(hints.screenCatalogs?.['/app']).toEqual({ nb: ['assets/scoreboard.nb-R.js'] });
    expect(hints.screenCatalogs?.['/app/activity']).toEqual({ en: ['assets/targets.en-S.js'] });
    expect(hints.screenCatalogs?.['/app/quick-log']).toBeUndefined();
  });
});

describe('listAppPreloads (decision 090)', () => {
  const entry = chunk('assets/index-A.js', ['assets/runtime-R.js', 'assets/helper-H.js'], 'web/index.html', true, ['assets/main-M.js']);
  const bundle = [
    entry,
    chunk('assets/runtime-R.js'),
    chunk('assets/helper-H.js', ['assets/runtime-R.js']),
    chunk('assets/main-M.js', ['assets/runtime-R.js', 'assets/boot-B.js'], 'web/main.tsx', false, ['assets/settings-page-S.js']),
    chunk('assets/boot-B.js', ['assets/helper-H.js', 'assets/lib-L.js']),
    chunk('assets/lib-L.js'),
    chunk('assets/settings-page-S.js', [], 'web/app/routes/settings-page.tsx'),
  ];

  it("names the app's chunk and all it imports statically, beyond what the entry's own preloads name, and no screen", () => {
    expect(listAppPreloads(bundle, entry).sort()).toEqual(['assets/boot-B.js', 'assets/lib-L.js', 'assets/main-M.js']);
  });

  it('fails the build when the app has no chunk of its own', () => {
    expect(() => listAppPreloads([entry], entry)).toThrow(/no chunk for web\/main.tsx/);
  });
});

describe('isShellFile', () => {
  const shell = listShellScripts(BUNDLE);

  it("installs the page, styles, fonts and icons, the shell's scripts and the start screens' words", () => {
    for (const url of ['index.html', 'assets/index-X.css', 'assets/inter-latin-wght-normal-Y.woff2', 'icons/icon-192.png'])
      expect(isShellFile(url, shell)).toBe(true);
    expect(isShellFile('assets/quick-log-page-G.js', shell)).toBe(true);
    expect(isShellFile('assets/common.nb-Zz9_x.js', shell)).toBe(true);
    expect(isShellFile('assets/scoreboard.en-Q1.js', shell)).toBe(true);
  });

  it("leaves other screens' scripts and words to be kept when used", () => {
    expect(isShellFile('assets/settings-page-J.js', shell)).toBe(false);
    expect(isShellFile('assets/shared-E.js', shell)).toBe(false);
    expect(isShellFile('assets/charts-K.js', shell)).toBe(false);
    expect(isShellFile('assets/settings.nb-Q1.js', shell)).toBe(false);
  });
});

describe('readCatalogFile', () => {
  it("reads a catalog's namespace and language from its file, and nothing from other files", () => {
    expect(readCatalogFile('assets/common.nb-1B50OU5Q.js')).toEqual({ namespace: 'common', language: 'nb' });
    expect(readCatalogFile('/assets/activity.en-DK_-x.js')).toEqual({ namespace: 'activity', language: 'en' });
    expect(readCatalogFile('assets/quick-log-page-D3ZBw3gW.js')).toBeNull();
    expect(readCatalogFile('assets/index-12gLJX71.js')).toBeNull();
  });
});

describe('selectForLanguage', () => {
  it("installs the reader's language and no other", () => {
    const list = [{ url: 'index.html' }, { url: 'assets/common.en-A.js' }, { url: 'assets/common.nb-B.js' }, { url: 'assets/ui-C.js' }];
    expect(selectForLanguage(list, 'nb').map((e) => e.url)).toEqual(['index.html', 'assets/common.nb-B.js', 'assets/ui-C.js']);
    expect(selectForLanguage(list, 'en').map((e) => e.url)).toEqual(['index.html', 'assets/common.en-A.js', 'assets/ui-C.js']);
  });
});
