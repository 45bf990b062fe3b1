import type { MiddlewareHandler } from 'hono';
import type { AdmissionGate } from '../db/admission-gate';

/**
 * Marks a request the server makes to its own API while answering another (the MCP server's tools,
 * decision 118), in the env passed to `app.fetch`, which no client can set. The request it serves was
 * admitted already: waiting for a turn of its own could wait for itself.
 */
export const OWN_API_REQUEST = Symbol('own API request');

/**
 * The gate as middleware: a request waits for its turn before anything reads the database and
 * gives it back when its handler has produced the response, including when it threw (the error
 * handler's answer needs no database). A live event stream's handler returns its Response at once
 * and writes the events afterwards, so a stream holds its turn only while it is being opened, not
 * for the hours it stays open. No gate (PostgreSQL): the middleware only passes the request on.
 */
export function admitInTurn(gate: AdmissionGate | null): MiddlewareHandler {
  if (!gate) return (_c, next) => next();
  return async (c, next) => {
    if ((c.env as Record<symbol, unknown> | undefined)?.[OWN_API_REQUEST]) return next();
    // Only a request that must wait listens for its client going away; the rest skip the cost.
    const mustWait = gate.waiting > 0 || gate.inFlight >= gate.limit;
    const release = await gate.admit(mustWait ? c.req.raw.signal : undefined);
    if (!release) return c.body(null, 503); // nobody is left to read it
    try {
      await next();
    } finally {
      release();
    }
  };
}
