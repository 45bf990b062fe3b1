/** One open stream as the limiter sees it. */
export type LimitedStream = {
  /** The page's own id (see EventStreamQuerySchema.client), when it sent one. */
  client: string | undefined;
  /** Ends the stream, telling its browser why and not to reconnect. */
  replace: (reason: 'limit' | 'same_client') => void;
};

/**
 * Counts the open event streams of one server instance per key (a member, a display link) and keeps
 * each key at its limit by replacing the oldest: a new tab always works, and the tab that loses its
 * live updates is the one looked at longest ago. Per instance, by design (decision 020): what a
 * stream costs (a socket, a listener, a membership check at every heartbeat) is this instance's, and
 * the cap bounds exactly that; N instances behind a balancer allow N times the limit in total.
 */
export class StreamLimiter {
  /** Per key, the open streams in the order they were opened (oldest first). */
  private readonly open = new Map<string, LimitedStream[]>();

  /**
   * Registers a stream that is about to start, replacing the same page's earlier stream and then
   * the oldest ones beyond `limit`. Returns the function that unregisters it (idempotent).
   */
  admit(key: string, limit: number, stream: LimitedStream): () => void {
    const streams = this.open.get(key) ?? [];
    const replaced: [LimitedStream, 'limit' | 'same_client'][] = [];
    if (stream.client !== undefined) {
      for (const earlier of streams.filter((s) => s.client === stream.client)) {
        streams.splice(streams.indexOf(earlier), 1);
        replaced.push([earlier, 'same_client']);
      }
    }
    while (streams.length >= Math.max(1, limit)) replaced.push([streams.shift()!, 'limit']);
    streams.push(stream);
    this.open.set(key, streams);
    for (const [earlier, reason] of replaced) earlier.replace(reason);
    return () => {
      const current = this.open.get(key);
      const index = current?.indexOf(stream) ?? -1;
      if (!current || index < 0) return;
      current.splice(index, 1);
      if (current.length === 0) this.open.delete(key);
    };
  }

  /** Open streams under `key` (all keys when omitted). */
  count(key?: string): number {
    if (key !== undefined) return this.open.get(key)?.length ?? 0;
    let n = 0;
    for (const streams of this.open.values()) n += streams.length;
    return n;
  }

  clear(): void {
    this.open.clear();
  }
}
