import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

// The web app and the local service share only the contract: each must run against the other's
// replacement (the hosted service, or any v1 client), so neither may import the other.
const roomRule = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((room) => ({
        group: [`**/${room}/**`, `**/${room}`],
        message: `Only src/contract is shared; do not import src/${room} from here.`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'reports',
      'test-results',
      'playwright-report',
      '.data',
      'bench/.cache',
      'src/web/route-tree.gen.ts',
      'src/contract/api-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/refs': 'off', ...roomRule(['service']) },
  },
  {
    // api/ and lib/ sit below the features: shared rules (the retry policy, backoff) live there, so
    // changing them never means reading a feature folder.
    files: ['src/web/api/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...roomRule(['service'])['no-restricted-imports'][1].patterns,
            {
              group: ['**/features/**', '**/routes/**'],
              message: 'api/ and lib/ may not import a feature or a route; move the shared code down here instead.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/service/**/*.ts'], rules: roomRule(['web']) },
  {
    // Steps and the planner read untrusted text of up to 100,000 characters on a shared thread pool:
    // a pattern that backtracks super-linearly there is a denial of service, so none may slip in.
    files: ['src/service/**/*.ts'],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': 'error',
    },
  },
  { files: ['src/contract/**/*.ts'], rules: roomRule(['web', 'service']) },
);
