import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningServer, startServer } from './server';

/*
 * A journey server started one file ahead. A few journeys need a server of their own (a company
 * whose first member is its admin, and only their data in it) with nothing else set: the global
 * setup keeps one such server started and waiting, so a journey takes it at once and the next one
 * starts while this journey runs (its start overlaps the journey's waits instead of adding to them).
 * One, not one per worker: five journeys take from it, most journeys use the shared server, and a
 * server left waiting costs about 3 % of a core (its workers poll their outboxes) until the run ends.
 *
 * The pool lives in the global setup's process; journey files run in their own processes and reach
 * it over a small HTTP interface on 127.0.0.1, named by E2E_SERVER_POOL (startServer in server.ts):
 * POST /take answers the next server's address, POST /stop?pid= stops one and removes its folder.
 */

export type PooledServer = { baseUrl: string; pid: number; dataDir: string };

export async function startServerPool(env: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const taken = new Map<number, RunningServer>();
  const spares: Promise<RunningServer>[] = [];
  const startSpare = () => {
    const spare = startServer(env, { fromPool: false });
    // A spare that failed to start is reported to the journey that takes it, not as an unhandled rejection.
    spare.catch(() => undefined);
    spares.push(spare);
  };
  startSpare();

  const control: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://pool');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/take') {
      const next = spares.shift()!;
      startSpare();
      next.then(
        (server) => {
          taken.set(server.pid, server);
          answer(200, { baseUrl: server.baseUrl, pid: server.pid, dataDir: server.dataDir } satisfies PooledServer);
        },
        (error: Error) => answer(500, { error: error.message }),
      );
      return;
    }
    if (request.method === 'POST' && url.pathname === '/stop') {
      const pid = Number(url.searchParams.get('pid'));
      const server = taken.get(pid);
      taken.delete(pid);
      void (server?.stop() ?? Promise.resolve()).then(() => answer(200, { stopped: Boolean(server) }));
      return;
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => control.close(resolve));
      const waiting = (await Promise.all(spares.map((spare) => spare.catch(() => null)))).filter((s) => s !== null);
      await Promise.all([...taken.values(), ...waiting].map((server) => server.stop()));
    },
  };
}
