import http from 'node:http';
import { performance } from 'node:perf_hooks';

/*
 * A small keep-alive HTTP load generator (autocannon is not installed, and the house adds no
 * package for a bench). `connections` workers each keep one request in flight on their own
 * keep-alive socket (an http.Agent with maxSockets = connections), as autocannon does: closed
 * loop, so a slower server gets fewer requests, never a growing backlog of unsent ones.
 */

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export type LoadOptions = {
  baseUrl: string;
  connections: number;
  seconds: number;
  /** The n-th request of the run (0, 1, 2 ... across all workers). */
  makeRequest: (n: number) => LoadRequest;
  /**
   * Keep-alive sockets from an earlier run (a warm-up), so the timed run does not start with
   * `connections` new connections at once; made for this run (and closed after) when absent.
   */
  agent?: http.Agent;
};

export function createLoadAgent(connections: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

export type LoadResult = {
  /** Requests answered 2xx within the timed window, per second. */
  perSecond: number;
  /** Every request that got an answer or failed, including the ones still in flight at the end. */
  completed: number;
  /** Answers that were not 2xx, and requests that failed on the socket. */
  errors: number;
  /** Status codes of the errors, for the log ("500 x3, socket x1"). */
  errorKinds: Map<string, number>;
  p50: number;
  p99: number;
  max: number;
};

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function send(agent: http.Agent, url: URL, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    // What a browser sends: the server's answer is the one a browser gets (compression included).
    const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, deflate, br, zstd', ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = http.request({ agent, host: url.hostname, port: url.port, method: request.method, path: request.path, headers }, (res) => {
      // Read the whole answer: the socket goes back to the agent only once it is consumed.
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('timeout after 60 s')));
    req.end(request.body);
  });
}

/** Runs the load for `seconds` and waits for the requests still in flight. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const agent = options.agent ?? createLoadAgent(options.connections);
  const latencies: number[] = [];
  const errorKinds = new Map<string, number>();
  let completed = 0;
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const request = options.makeRequest(n++);
        const sent = performance.now();
        let kind: string | null;
        try {
          const status = await send(agent, url, request);
          kind = status >= 200 && status < 300 ? null : String(status);
        } catch (error) {
          kind = `socket (${(error as Error).message})`;
        }
        const answered = performance.now();
        completed++;
        if (kind !== null) {
          errors++;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
          if (kind.startsWith('socket')) await new Promise((r) => setTimeout(r, 50)); // no hot loop on a dead server
        } else if (answered <= deadline) {
          latencies.push(answered - sent);
        }
      }
    }),
  );
  if (!options.agent) agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / options.seconds,
    completed,
    errors,
    errorKinds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}
