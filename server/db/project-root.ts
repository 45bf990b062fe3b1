import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's folder (the one holding package.json), found upward from this module. The server
 * runs from its bundle (dist/server/main.mjs, scripts/build-server.mjs) and, in development and
 * in-process tests, from its sources: a path written relative to one module would point elsewhere in the
 * other, so the files the server reads at run time (migrations, the built web app) are named from here.
 */
function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
