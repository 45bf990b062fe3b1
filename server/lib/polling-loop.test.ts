import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollingLoop, createTimedStep } from './polling-loop';

afterEach(() => vi.restoreAllMocks());

describe('a polling loop', () => {
  it('runs one round at a time, goes on after a failed round, and stop waits for the round in flight', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const results: (number | null)[] = [];
    let inFlight = 0;
    let most = 0;
    let rounds = 0;
    let release: (() => void) | null = null;
    const loop = createPollingLoop({
      name: 'test',
      round: async () => {
        rounds++;
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        if (rounds === 2) throw new Error('the mail server is down');
        if (rounds === 4) await new Promise<void>((resolve) => (release = resolve));
        return rounds;
      },
      delayAfter: (result) => {
        results.push(result);
        return 1;
      },
    });
    loop.start();
    loop.start(); // twice is once
    await vi.waitFor(() => expect(release).not.toBeNull());
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false); // the fourth round is still running
    release!();
    await stopping;
    expect(most).toBe(1);
    expect(results).toEqual([1, null, 3, 4]);
    expect(logged).toHaveBeenCalledWith('[test] a round failed', expect.any(Error));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds).toBe(4); // nothing after stop
  });

  it('a wake starts a round long before its time; wakes that come together share one round', async () => {
    let rounds = 0;
    const loop = createPollingLoop({
      name: 'test',
      round: async () => {
        rounds++;
        return rounds;
      },
      delayAfter: () => 10 * 60_000, // idle: ten minutes
      wakeDelayMs: 30,
    });
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 2000;
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      loop.start();
      await until(() => rounds === 1);
      expect(rounds).toBe(1);
      loop.wake();
      loop.wake();
      loop.wake();
      await until(() => rounds === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rounds).toBe(2);
    } finally {
      await loop.stop();
    }
    loop.wake(); // after stop: nothing
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(rounds).toBe(2);
  });

  it('started again while a stopped round is still in flight, it still runs one round at a time', async () => {
    let inFlight = 0;
    let most = 0;
    let rounds = 0;
    const loop = createPollingLoop({
      name: 'test',
      round: async () => {
        rounds++;
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inFlight--;
        return rounds;
      },
      delayAfter: () => 5,
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first round is in flight
    const stopping = loop.stop();
    loop.start();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await loop.stop();
    expect(rounds).toBeGreaterThan(1);
    expect(most).toBe(1);
  });
});

describe('a polling loop with nothing due', () => {
  it('sleeps (Node would run a timer of Infinity or past 2^31 ms at once, in a spin), and a wake still starts a round', async () => {
    let rounds = 0;
    const loop = createPollingLoop({
      name: 'test',
      round: async () => {
        rounds++;
      },
      delayAfter: () => Infinity,
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(1);
    loop.wake();
    await vi.waitFor(() => expect(rounds).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await loop.stop();
    expect(rounds).toBe(2);
  });
});

describe('a timed step', () => {
  const at = (time: string) => new Date(`2026-12-07T${time}Z`);

  it('runs when the time it named comes, at most once a minute, and tells the worker how long to sleep', async () => {
    const ran: string[] = [];
    const step = createTimedStep('test', async (now) => {
      ran.push(now.toISOString().slice(11, 19));
      return at('16:00:00');
    });
    await step.runIfDue(at('15:00:10')); // the first round always looks
    await step.runIfDue(at('15:00:50'));
    await step.runIfDue(at('15:30:00'));
    expect(step.delayFrom(at('15:30:00'))).toBe(30 * 60_000);
    await step.runIfDue(at('16:00:00'));
    // It named 16:00 again (a row another instance held): next minute, not in a spin.
    expect(step.delayFrom(at('16:00:20'))).toBe(40_000);
    await step.runIfDue(at('16:00:30'));
    expect(ran).toEqual(['15:00:10', '16:00:00']);
  });

  it('with nothing scheduled it sleeps until rescheduled; a failure is tried again the next minute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: () => Promise<Date | null> = async () => null;
    const step = createTimedStep('test', () => answer());
    await step.runIfDue(at('09:00:00'));
    expect(step.delayFrom(at('09:00:00'))).toBe(Infinity);
    answer = async () => {
      throw new Error('the database is away');
    };
    step.reschedule();
    expect(step.delayFrom(at('09:00:30'))).toBe(30_000);
    await step.runIfDue(at('09:01:00'));
    expect(step.delayFrom(at('09:01:00'))).toBe(60_000);
    expect(console.error).toHaveBeenCalledWith('[test] a timed step failed', expect.any(Error));
  });

  it('a reschedule that comes while a run is under way is kept: the run began before the change', async () => {
    let finish: (() => void) | null = null;
    const step = createTimedStep('test', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return at('18:00:00');
    });
    const running = step.runIfDue(at('10:00:00'));
    await vi.waitFor(() => expect(finish).not.toBeNull());
    step.reschedule(); // a company's time zone changed while the run read the old one
    finish!();
    await running;
    // Looked at again the next minute, not at 18:00.
    expect(step.delayFrom(at('10:00:30'))).toBe(30_000);
  });
});
