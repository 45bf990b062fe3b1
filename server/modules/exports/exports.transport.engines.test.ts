import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import type { Row } from './exports.formats';
import { type ExportFile, type ExportRead, sendExportFile, stopRunningExports } from './exports.transport';

/*
 * The way to the client on its own, with a read that makes rows without a database (the export
 * tests, server/modules/exports/exports.engines.test.ts, cover the real reads on both engines): a client
 * that stops reading is cut off, and a shutdown stops what is running.
 */

const FILE: ExportFile = {
  format: 'csv',
  fileName: 'Test - activities - 2026-11-24.csv',
  columns: [{ header: 'Text', kind: 'text', width: 20 }],
  sheetName: 'Activities',
  currency: 'NOK',
  language: 'en',
  separator: 'comma',
};

const batch: Row[] = Array.from({ length: 1000 }, (_, i) => [`A row of text that takes some room, number ${i}`]);

/** A read that writes batches until it is told to stop, and says how it ended. */
function endlessRead(): { read: ExportRead; ended: Promise<string> } {
  let end!: (how: string) => void;
  const ended = new Promise<string>((resolve) => (end = resolve));
  const read: ExportRead = async (open, signal) => {
    const writer = open(FILE);
    try {
      for (;;) await writer.writeRows(batch, signal);
    } catch (error) {
      end(signal.aborted ? `aborted: ${(signal.reason as Error).message}` : `failed: ${(error as Error).message}`);
      throw error;
    }
  };
  return { read, ended };
}

/** What the transport needs of a database: which engine it is, and a handle to count exports by. */
const fakeDatabase = (engine: DbHandle['engine']) => ({ engine }) as DbHandle;

describe.each(['postgres', 'pglite'] as const)('%s', (engine) => {
  it('a client that takes nothing for the stall time has its export stopped', async () => {
    const { read, ended } = endlessRead();
    const database = fakeDatabase(engine);
    if (engine === 'pglite') {
      // Spooled: the read finishes on its own first; an endless one would never reach the client.
      const finite: ExportRead = async (open, signal) => {
        const writer = open(FILE);
        for (let i = 0; i < 50; i++) await writer.writeRows(batch, signal);
        await writer.finish();
      };
      const response = await sendExportFile({ database, memberId: 'm', creator: 'Test', read: finite, stallMs: 200 });
      const reader = response.body!.getReader();
      await reader.read();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(drain(reader)).rejects.toThrow();
      return;
    }
    const response = await sendExportFile({ database, memberId: 'm', creator: 'Test', read, stallMs: 200 });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await ended).toBe('aborted: the client stopped reading');
    await expect(drain(reader)).rejects.toThrow();
  });

  it('a shutdown stops running exports and waits until they let go', async () => {
    const database = fakeDatabase(engine);
    const { read, ended } = endlessRead();
    const response = await sendExportFile({ database, memberId: 'm', creator: 'Test', read });
    if (engine === 'postgres') await response.body!.getReader().read();
    await stopRunningExports(database);
    expect(await ended).toBe('aborted: the server is shutting down');
    // Its slots are free again.
    const { read: next } = endlessRead();
    const again = await sendExportFile({ database, memberId: 'm', creator: 'Test', read: next });
    await stopRunningExports(database);
    await again.body!.cancel().catch(() => undefined);
  });
});

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<number> {
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}
