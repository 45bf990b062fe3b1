import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/*
 * `import { PhoneIcon } from 'lucide-react'` and `import { Dialog } from 'radix-ui'` name one icon
 * or primitive, but the module they name imports every icon (1,600) and every primitive. The
 * bundle drops what nobody uses, yet the module graph still says that each screen importing an
 * icon imports them all, so the first screen's groups (start-groups.ts) would claim every icon and
 * primitive any screen uses. Rewritten at build time to the icon's or the primitive's own module
 * (as read from the two packages' own index files), the graph says what is really used, and each
 * file imports only that. Type imports stay, as `import type` (erased).
 */

const require = createRequire(import.meta.url);

/** lucide-react's export names, each to its icon's own module ('lucide-react/icons/x'). */
function readLucideIcons(): Map<string, string> {
  const index = readFileSync(join(dirname(require.resolve('lucide-react')), '..', 'esm', 'lucide-react.mjs'), 'utf8');
  const icons = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) icons.set(name!, `lucide-react/icons/${file}`);
  return icons;
}

/** radix-ui's namespaces, each to its primitive's package ('Dialog' to '@radix-ui/react-dialog'). */
function readRadixPrimitives(): Map<string, string> {
  const index = readFileSync(join(dirname(require.resolve('radix-ui')), 'index.mjs'), 'utf8');
  return new Map([...index.matchAll(/import \* as (\w+) from "([^"]+)";/g)].map(([, name, module]) => [name!, module!]));
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](lucide-react|radix-ui)['"];?/g;

export function directImports(): Plugin {
  let lucide: Map<string, string>;
  let radix: Map<string, string>;
  return {
    name: 'dealboard:direct-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      lucide = readLucideIcons();
      radix = readRadixPrimitives();
    },
    transform(code, id) {
      if (!/[\\/]web[\\/].*\.tsx?$/.test(id) || !/['"](lucide-react|radix-ui)['"]/.test(code)) return null;
      const rewritten = code.replace(IMPORT, (statement, list: string, from: string) => {
        const map = from === 'lucide-react' ? lucide : radix;
        const direct: string[] = [];
        const kept: string[] = [];
        for (const part of list
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)) {
          const [name, local = name] = part.split(/\s+as\s+/).map((p) => p.trim()) as [string, string?];
          const module = part.startsWith('type ') ? undefined : map.get(name);
          if (!module) kept.push(part);
          else direct.push(from === 'lucide-react' ? `import ${local} from '${module}';` : `import * as ${local} from '${module}';`);
        }
        // Only types left: an `import type`, so that no empty `import {} from` keeps the whole package.
        const types = kept.every((part) => part.startsWith('type '));
        const rest = types
          ? `import type { ${kept.map((part) => part.slice('type '.length)).join(', ')} } from '${from}';`
          : `import { ${kept.join(', ')} } from '${from}';`;
        return [...direct, ...(kept.length > 0 ? [rest] : [])].join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
