import { statfsSync } from 'node:fs';

/**
 * Below this much free space, the volume under the embedded database counts as full (decision
 * 077): PostgreSQL grows a table by whole pages and its log by whole segments, so a write can fail
 * with some kilobytes still free, and a start needs a few of them.
 */
export const STORAGE_FULL_BYTES = 1024 * 1024;

/** Free bytes this user may write on the file system holding `path`; null when it cannot be read. */
export function measureFreeBytes(path: string): number | null {
  try {
    const stats = statfsSync(path);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** An amount of free space as a person reads it: 12 KB, 3.4 MB. */
export function describeBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
