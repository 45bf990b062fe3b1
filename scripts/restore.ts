// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the database
// the server would use (DATABASE_URL, else the embedded one in DATA_DIR). Refuses a database or
// folder that is not empty (PGlite: unless --force). README.md, "Backup and restore".
import { BackupError, describeTarget, resolveBackupTarget, restoreBackup } from '../server/ops/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => !arg.startsWith('--'));
if (args.includes('--help') || files.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--force')) {
  console.info(
    'Usage: npm run restore -- FILE [--force]\n\n' +
      'Restores FILE into DATABASE_URL (pg_restore) or, without it, into the embedded database folder DATA_DIR (./data).\n' +
      'The target must be empty. PGlite: --force restores over a used folder, moving its old contents aside.\n' +
      'PostgreSQL: create a new, empty database for the restore.',
  );
  process.exit(args.includes('--help') ? 0 : 1);
}

const target = resolveBackupTarget('restore');
try {
  console.info(`Restoring ${files[0]} into ${describeTarget(target)}...`);
  const { movedAside } = await restoreBackup(target, files[0]!, { force });
  if (movedAside) console.info(`The folder's previous contents are in ${movedAside}.`);
  console.info('Restored. Start Dealboard with the same settings (npm start); it applies any newer migrations.');
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
