// Types of boundaries.js (plain JavaScript, so ESLint loads it without a build step).
import type { ESLint } from 'eslint';

export declare const WEB_FEATURES: string[];
export declare const FEATURE_FOLDERS: string[];
export declare function checkFeatureLayout(file: string): string | null;
export declare const boundariesPlugin: ESLint.Plugin;
