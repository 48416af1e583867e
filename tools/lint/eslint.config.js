// ESLint for the whole project (`npm run lint`, before oxlint's type-aware rules), run from the project's root. docs/toolchain.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // contract/customer-auth.wire.ts is written by openapi-typescript (npm run contract:types), not by hand.
  {
    ignores: [
      'dist/**',
      'dist-nginx/**',
      'test-artifacts/**',
      'node_modules/**',
      // The tool packages (tools/lint/, tools/openapi/), not the project's scripts beside them (tools/check-config.ts).
      'tools/*/**',
      '.stryker-tmp/**',
      'reports/**',
      '**/*.d.mts',
      '.scratch/**',
      'contract/customer-auth.wire.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No type information here: the four type-aware rules are oxlint's (.oxlintrc.json), on TypeScript 7. docs/toolchain.md.
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['ui/**/*.tsx', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The project's scripts run in Node; the recipient simulator's pages in the browser.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', performance: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['sandbox/recipient-assets/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },
);
