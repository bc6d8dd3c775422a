// `npm run lint`: typescript-eslint with type information, for what the compiler does not catch. Errors are bugs or dead
// code; warnings (non-null assertions, long functions) are for new code to stay under, not yet for the tree to fix.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'bin/.compiled/',
      'shots/',
      'test-results/',
      'playwright-report/',
      '.data/',
      // Written by `site build` and held equal to what it writes by tests: never reformatted by hand.
      'supabase/functions/_shared/generated/',
      // Deno code with URL and npm: imports, type-checked by `deno check` (npm run typecheck:function).
      'supabase/functions/rapid-worker/',
      'supabase/functions/notify-leads/',
      'supabase/functions/tests/',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    // A disable comment for a rule this config does not run is stale: shown, not failed.
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // Unused code.
      '@typescript-eslint/no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': 'error',
      'no-unreachable': 'error',
      'no-unused-labels': 'error',
      // A promise nobody awaits loses its error and outlives the command.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      // For new code: the tree has about 265 non-null assertions (src, bench) from before. A function over 80 lines in
      // src/ is split, or says why not in its disable comment.
      '@typescript-eslint/no-non-null-assertion': 'warn',
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Tests read best as one describe per behaviour, however long, and assert what they index (`found[0]!`).
    files: ['tests/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
