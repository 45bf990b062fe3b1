import js from '@eslint/js';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './scripts/eslint/boundaries.js';
import { commentsPlugin } from './scripts/eslint/comments.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'artifacts/**', 'data/**', 'coverage/**', '.tmp/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries: boundariesPlugin, comments: commentsPlugin },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'boundaries/imports': 'error',
      'boundaries/feature-layout': 'error',
      'boundaries/module-cycles': 'error',
      'boundaries/table-owners': 'error',
      // Comments and test titles say the rule itself, not "spec 9" or "issue 11" (folders: CHECKED_FOLDERS).
      'comments/no-spec-citations': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': tanstackQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...tanstackQuery.configs.recommended.rules,
    },
  },
  {
    // One text schema for every contract string (decision 024): text() refuses what PostgreSQL
    // cannot store, so a NUL byte is a 400 with a field message and never a database error.
    files: ['core/contracts/**/*.ts'],
    ignores: ['core/contracts/common.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: "Use text() from './common' (storable text) instead of z.string().",
        },
      ],
    },
  },
  {
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['e2e/**', 'bench/**', 'scripts/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
