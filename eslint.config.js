// One lint setup for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Issue 23: services (and the job runners they hand work to) call their area's repositories, never the
    // entity manager. Every domain and worker file but those that are data access or must construct it:
    files: ['apps/server/src/domain/**/*.ts', 'apps/worker/src/**/*.ts'],
    ignores: [
      // Repositories and entity schemas are the data access.
      'apps/server/src/domain/**/*.repository.ts',
      'apps/server/src/domain/**/*.entity.ts',
      // The ORM's list of every entity schema.
      'apps/server/src/domain/entities.ts',
      // Composition roots: they make each unit of work's repositories on its entity manager (the worker's, one per job).
      'apps/server/src/domain/services.ts',
      'apps/server/src/domain/**/*-services.ts',
      'apps/worker/src/worker.ts',
      // pg-boss plumbing: a job sent inside the caller's open transaction (the queue's `db` option).
      'apps/server/src/domain/jobs/job-queue.ts',
      'apps/server/src/domain/jobs/transaction-db.ts',
      // SQL over pg-boss's own job table, used by the repositories that ask whether a job is live.
      'apps/server/src/domain/jobs/live-jobs.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mikro-orm/*'],
              message: 'A service reads and writes through its area repository, never the entity manager (issue 23).',
            },
            {
              group: ['**/*.entity.ts'],
              allowTypeImports: true,
              message: 'A service may name entity types; the schemas (queries) belong in a repository (issue 23).',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 23: a function does one thing; past 50 lines it is split by responsibility (a component's data into a
    // hook, its sections into components). Tests' describe blocks are containers and are not counted.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 50, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Playwright fixtures: "use" hands the fixture over (not a React hook), and "{}" is a fixture with no dependencies.
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
