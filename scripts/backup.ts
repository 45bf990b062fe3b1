// `npm run backup -- [FILE]`: backs up the database the server would use (DATABASE_URL, else the
// embedded one in DATA_DIR) to FILE, by default backups/dealboard-<engine>-<time>. README.md,
// "Backup and restore".
import { BackupError, createBackup, defaultBackupFile, describeTarget, resolveBackupTarget } from '../server/ops/backup';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length > 1) {
  console.info(
    'Usage: npm run backup -- [FILE]\n\n' +
      'Backs up DATABASE_URL with pg_dump, reading as BACKUP_DATABASE_URL when set (a role that bypasses row-level security),\n' +
      'or, without DATABASE_URL, the embedded database in DATA_DIR (./data; stop the server first).\n' +
      'FILE defaults to backups/dealboard-<engine>-<time>.',
  );
  process.exit(args.length > 1 ? 1 : 0);
}

const target = resolveBackupTarget('backup');
const file = args[0] ?? defaultBackupFile(target);
try {
  console.info(`Backing up ${describeTarget(target)}...`);
  const backup = await createBackup(target, file);
  console.info(`Backup written: ${backup.file} (${(backup.bytes / 1024 / 1024).toFixed(1)} MB)`);
  console.info(`Restore it with: npm run restore -- ${backup.file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
