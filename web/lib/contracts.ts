import { z } from 'zod';
import { describeIssue } from '../../core/contracts/messages';
import { readFieldLanguage } from './field-messages';

/*
 * The contracts as the app imports them: `@core/contracts` resolves here in the app's build and
 * its tests (vite.config.ts, vitest.config.ts; the server imports core directly). Whatever parses
 * with a schema has imported this module first, so zod's own refusals are worded in the screen's
 * language (decision 083) from the first parse, and a screen that parses nothing (the phone's
 * quick log) downloads neither zod nor the schemas (decision 085).
 */
z.config({ localeError: (issue) => describeIssue(issue as Parameters<typeof describeIssue>[0], readFieldLanguage()) });

export * from '../../core/contracts/index';
