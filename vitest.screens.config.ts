import { defineConfig } from 'vitest/config';
import journeys from './vitest.e2e.config';

/** The screen matrices (scripts/screens.mjs): the journeys' setup, other files. */
export default defineConfig({ ...journeys, test: { ...journeys.test, name: 'screens', include: ['e2e/screens/**/*.screens.ts'] } });
