import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { AFTER_SHELL_MODULE, SHELL_MODULE, START_SCREEN_PATHS } from './vite-plugin';

/*
 * The first screen's code in as few files as it needs, and nothing it does not (decision 085).
 * Rolldown's groups (vite.config.ts) are named by what a module is (the kit, the library) or by
 * which screens share it; merging a small shared chunk into a neighbour could then bring a dialog
 * nobody opened, or the schemas, to the phone's first screen. These groups are named by what
 * loads first instead: `boot` is everything the page's entry imports statically (what every screen
 * of the app's page runs, signed in or not), `start-app-shell` what the signed-in shell adds, and
 * each start screen (quick log, the dashboard, My Activity) gets one group of what it imports
 * statically beyond those. The module graph is read when the build has parsed every module, before it makes chunks.
 */

/** Scripts only: the stylesheet and the catalogs have their own files. */
const SCRIPT = /\.(m?[jt]sx?|cjs)$/;

export type StartGroups = {
  plugin: Plugin;
  /** The groups for rolldown's codeSplitting.groups, highest priority first. */
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
};

export function startGroups(root: string): StartGroups {
  const entry = resolve(root, 'web/main.tsx');
  const shell = resolve(root, SHELL_MODULE);
  // The start screens in the order they claim what they share: quick log first (the installed
  // app's start screen, the tightest budget), then the dashboard, then My Activity.
  // The shell's after-part (the line about waiting logs) claims like a screen, last: what it shares
  // with a start screen goes to the shared group, the rest (nothing today) to a group of its own,
  // and the module itself becomes a chunk of its own.
  const screens = [
    ...new Set([
      START_SCREEN_PATHS['/app/quick-log']!,
      START_SCREEN_PATHS['/app']!,
      START_SCREEN_PATHS['/app/activity']!,
      AFTER_SHELL_MODULE,
    ]),
  ].map((module) => resolve(root, module));
  const members = new Map<string, Set<string>>([
    ['boot', new Set()],
    ['common', new Set()],
    [shell, new Set()],
    ['shared', new Set()],
    ...screens.map((screen) => [screen, new Set<string>()] as const),
  ]);
  const claimed = new Set<string>();

  const plugin: Plugin = {
    name: 'dealboard:start-groups',
    apply: 'build',
    buildEnd() {
      /** Every script `roots` import statically, transitively (not the roots themselves). */
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = roots.flatMap((root) => [...(this.getModuleInfo(root)?.importedIds ?? [])]);
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || roots.includes(id) || id.includes('\0') || !SCRIPT.test(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      /**
       * What `roots` reach that no earlier group took, into `into`; what a signed-out screen (the
       * join form, a new password, an invitation) reaches too goes to `common` instead, so those
       * screens download it and not a signed-in screen's group with it.
       */
      const collect = (roots: string[], into: Set<string>, only?: Set<string>) => {
        for (const id of reach(roots)) {
          if (claimed.has(id) || (only && !only.has(id))) continue;
          claimed.add(id);
          (into !== members.get('boot') && signedOut.has(id) ? members.get('common')! : into).add(id);
        }
      };
      if (!this.getModuleInfo(entry)) return; // another build (the public site's islands)
      // The screens of the app's page a person meets before signing in (the router's own lazy
      // imports of the auth, invitation and public pages).
      const router = resolve(root, 'web/app/router.tsx');
      const signedOutScreens = (this.getModuleInfo(router)?.dynamicallyImportedIds ?? []).filter((id) =>
        /[\\/]features[\\/](auth|invitations|public-pages)[\\/]routes[\\/]/.test(id),
      );
      if (signedOutScreens.length === 0) throw new Error('start groups: no signed-out screens found in web/app/router.tsx');
      const signedOut = reach(signedOutScreens);
      claimed.add(entry).add(shell);
      for (const screen of screens) claimed.add(screen);
      collect([entry], members.get('boot')!);
      collect([shell], members.get(shell)!);
      // START_GROUPS_WHY=<part of a module's path>: how the entry and the shell import it (a build-time look at the graph).
      const why = process.env.START_GROUPS_WHY;
      if (why) {
        const parent = new Map<string, string>();
        const queue = [entry, shell];
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          if (id.includes(why)) {
            const chain = [id];
            for (let at = parent.get(id); at; at = parent.get(at)) chain.push(at);
            this.warn(
              `start groups: ${chain
                .reverse()
                .map((step) => step.replace(root, ''))
                .join(' -> ')}`,
            );
            break;
          }
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
            if (parent.has(next) || next === entry || next === shell) continue;
            parent.set(next, id);
            queue.push(next);
          }
        }
      }
      // What two start screens or more share goes to one group of its own (a screen then does not
      // download another screen's whole group for a few of its modules); the rest to each screen's.
      const reached = screens.map((screen) => reach([screen]));
      const shared = new Set([...reached.flatMap((set) => [...set])].filter((id) => reached.filter((set) => set.has(id)).length > 1));
      collect(screens, members.get('shared')!, shared);
      for (const screen of screens) collect([screen], members.get(screen)!);
    },
  };
  const groups = [...members.entries()].map(([key, set], i) => ({
    name:
      key === 'boot'
        ? 'boot'
        : `start-${key
            .split(/[\\/]/)
            .pop()!
            .replace(/\.tsx?$/, '')}`,
    test: (id: string) => set.has(id),
    priority: 200 - i,
  }));
  return { plugin, groups };
}
