import { expect } from 'vitest';

/*
 * Reading a Server-Sent Events response in a test (GET /api/v1/events, a display link's events),
 * from the in-process app or a child server alike.
 */

/**
 * An SSE response read incrementally. It must be a 200 (`label` names the stream in failures).
 * `until(pattern)` reads until the pattern is in everything read so far, the server ends the
 * stream (`state.done`) or `ms` pass (default `waitMs`, 5 s), and returns all the text read;
 * `until(/$^/, ms)` waits for the end. `close` cancels the reading (the server then sees an abort).
 */
export function openEventStream(response: Response, options: { label?: string; waitMs?: number } = {}) {
  const label = options.label ?? 'event stream';
  expect(response.status, `${label}: ${response.status}`).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: '', done: false };
  // A read that outlived an earlier wait: the next wait takes its chunk, so none is lost.
  let pending: ReturnType<typeof reader.read> | null = null;
  return {
    label,
    state,
    async until(pattern: RegExp, ms = options.waitMs ?? 5000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(state.text) && !state.done && Date.now() < deadline) {
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now()))),
        ]);
        if (chunk === null) break;
        pending = null;
        if (chunk.done) state.done = true;
        else state.text += decoder.decode(chunk.value, { stream: true });
      }
      return state.text;
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}

export type EventStream = ReturnType<typeof openEventStream>;
