// `npm run lint`'s React half: the React hooks rules (the React Compiler's among them, which oxlint
// does not have), on the project's .tsx files. Every other rule, ESLint's and typescript-eslint's
// recommended sets included, is oxlint's (.oxlintrc.json), about 12 s of CPU less (issue 32, 32.13).
// docs/toolchain.md.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default [
  {
    files: ['ui/**/*.tsx', 'test/**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    // The comments that silence oxlint's rules (e.g. no-control-regex) are oxlint's to judge.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
];
