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
    // entity manager. Scoped to the files converted so far; the list grows until it can be every service.
    files: [
      'apps/server/src/domain/admin/admin-db.service.ts',
      'apps/server/src/domain/auth/google-auth.service.ts',
      'apps/server/src/domain/auth/rate-limit.service.ts',
      'apps/server/src/domain/auth/session.service.ts',
      'apps/server/src/domain/auth/verification.service.ts',
      'apps/server/src/domain/mail/mail.service.ts',
      'apps/server/src/domain/rss-import/import-runner.ts',
      'apps/server/src/domain/rss-import/mirror-runner.ts',
      'apps/server/src/domain/rss-import/rss-import.service.ts',
      'apps/server/src/domain/rss-import/spreaker-link.ts',
      'apps/server/src/domain/speech/speech.service.ts',
      'apps/server/src/domain/speech/tts.service.ts',
      'apps/server/src/domain/spreaker/spreaker.service.ts',
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
    // Playwright fixtures: "use" hands the fixture over (not a React hook), and "{}" is a fixture with no dependencies.
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
