import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that spend most of their time waiting on a clock (a server whose DEV_CLOCK_START is
 * a minute before a scheduler's moment) rather than on the CPU. They start first, so their waiting
 * overlaps the other worker's work: on a clean clone vitest has no timings and orders files by
 * size, which put the small digest-schedule journey last, alone for its minute (a CI run's tail).
 * Each goes beside a working file: w1, f1, w2, f2, f3, ...
 */
const WAIT_ON_A_CLOCK = ['digest-schedule.e2e.ts', 'contest-winner.e2e.ts'];

export class JourneySequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (spec: TestSpecification) => WAIT_ON_A_CLOCK.includes(basename(spec.moduleId));
    const waiting = sorted.filter(waits);
    const working = sorted.filter((spec) => !waits(spec));
    // One waiting file beside one working file, never two waiting at once (the cores would idle).
    return [...waiting.flatMap((spec, i) => [spec, ...working.slice(i, i + 1)]), ...working.slice(waiting.length)];
  }
}
