import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import boundaries from 'eslint-plugin-boundaries';

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

// The dashboard's layers, lowest first: lib (no app knowledge) and components (shared UI, which imports
// only lib) → api (the typed client, the request scheduler and its budget, the errors) → server-state
// (the only caller of the client: one key object, one module per resource with its queries and the
// mutations that refresh what they change) → batch-engine (sends, follows and gathers batches from the browser's journal, without
// React, so it runs whatever page is open) → features (one folder per job) → routes (pages and the
// shell that compose features).
// An import may only point down or sideways within its own layer. src/web/main.tsx starts the app
// and may import anything; src/contract is shared by every layer. Fakes and fixtures live in testing/
// folders: only tests (*.test.ts) and other testing/ files may import them.
// Features import each other only along the edges listed in FEATURE_EDGES, each with its reason.
const FEATURE_EDGES = [
  // One run's page parts and its watcher read a run as the lists do: its status badge, whether a person
  // rejected it, and where its input came from.
  { from: 'run', to: ['runs'] },
  // The inbox reads waiting runs through the runs feed and remembers a rejection where the runs lists read it;
  // a draft shows as the results do (markdown preview).
  { from: 'approvals', to: ['runs', 'results'] },
  // A workflows row says its last run was rejected, not failed, as the runs lists tell them apart.
  { from: 'workflows', to: ['runs'] },
];

// The API client's files: everything else reaches the server through a resource module of src/web/server-state.
const CLIENT_FILES = [
  {
    group: ['**/api/client', '**/api/active-client', '**/api/transport', '**/api/scheduler'],
    message:
      'Only src/web/server-state talks to the API client: use (or add) a resource module there (workflows, runs, approvals, batches, health, find, server, connection).',
  },
];
const SERVER_STATE_SYNTAX = [
  {
    selector: "Property[key.name='queryKey']",
    message:
      'Query keys live in src/web/server-state/query-keys.ts: use a queryOptions factory from a resource module there.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(invalidateQueries|setQueryData|setQueriesData|getQueryData|getQueryCache|removeQueries|resetQueries|cancelQueries|refetchQueries)$/]',
    message:
      'What a change refreshes is decided in src/web/server-state (refresh.ts and the resource modules): call their mutation hooks or helpers instead.',
  },
];

// Test code (fakes, fixtures, harnesses) lives in testing/ (web) and test-support/ (service) folders,
// beside tests; product code never imports it, so nothing meant for a test can ship or be mistaken
// for the real thing. Test files, those folders themselves, e2e and bench may. A rule of its own name
// (typescript-eslint's twin of no-restricted-imports), so each room's import rules stay as they are.
const TEST_CODE = ['**/testing', '**/testing/**', '**/test-support', '**/test-support/**'];
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-support/**'];

const webLayers = {
  files: ['src/web/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' } },
    'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    'boundaries/elements': [
      // Listed first: the first matching pattern gives a file its type.
      { type: 'tests', pattern: 'src/web/**/*.test.{ts,tsx}', mode: 'full' },
      { type: 'testing', pattern: ['src/web/testing/**', 'src/web/**/testing/**'], mode: 'full' },
      { type: 'contract', pattern: 'src/contract/**', mode: 'full' },
      { type: 'lib', pattern: 'src/web/lib/**', mode: 'full' },
      { type: 'components', pattern: 'src/web/components/**', mode: 'full' },
      { type: 'api', pattern: 'src/web/api/**', mode: 'full' },
      { type: 'server-state', pattern: 'src/web/server-state/**', mode: 'full' },
      { type: 'batch-engine', pattern: 'src/web/batch-engine/**', mode: 'full' },
      { type: 'features', pattern: 'src/web/features/*/**', mode: 'full', capture: ['feature'] },
      { type: 'routes', pattern: 'src/web/routes/**', mode: 'full' },
      { type: 'app', pattern: 'src/web/*', mode: 'full' },
    ],
  },
  rules: {
    'boundaries/no-unknown': 'error',
    'boundaries/element-types': [
      'error',
      {
        default: 'disallow',
        rules: [
          { from: 'lib', allow: ['lib', 'contract'] },
          { from: 'components', allow: ['components', 'lib', 'contract'] },
          { from: 'api', allow: ['api', 'components', 'lib', 'contract'] },
          { from: 'server-state', allow: ['server-state', 'api', 'components', 'lib', 'contract'] },
          // The engine reaches the server only through server-state/batches.ts (CLIENT_FILES keeps the client out).
          { from: 'batch-engine', allow: ['batch-engine', 'server-state', 'api', 'lib', 'contract'] },
          // A feature's own files, always; another feature's only along FEATURE_EDGES.
          {
            from: 'features',
            allow: [
              ['features', { feature: '${from.feature}' }],
              'batch-engine',
              'server-state',
              'api',
              'components',
              'lib',
              'contract',
            ],
          },
          ...FEATURE_EDGES.map(({ from, to }) => ({
            from: [['features', { feature: from }]],
            allow: to.map((feature) => ['features', { feature }]),
          })),
          {
            from: 'routes',
            allow: ['routes', 'features', 'batch-engine', 'server-state', 'api', 'components', 'lib', 'contract'],
          },
          { from: 'app', allow: ['*'] },
          // Tests and their fakes may reach anything; nothing else allows 'testing', so product code cannot import it.
          { from: ['tests', 'testing'], allow: ['*'] },
        ],
      },
    ],
    // The engine runs outside React (started at boot by main.tsx): React and its libraries stay in features and routes.
    'boundaries/external': [
      'error',
      {
        default: 'allow',
        rules: [
          {
            from: ['batch-engine'],
            disallow: ['react', 'react-dom', '@tanstack/react-query', '@tanstack/react-router'],
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-service',
      '.tmp-service-build-*',
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
  webLayers,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: TEST_CODE,
              message: 'testing/ and test-support/ hold test code: only tests and other test code may import them.',
            },
          ],
        },
      ],
    },
  },
  {
    // One server-state layer: only src/web/server-state talks to the API client or names a query key, so
    // each change refreshes what it changes in one place (refresh.ts), and a newcomer reads one folder.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**', 'src/web/server-state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...roomRule(['service'])['no-restricted-imports'][1].patterns, ...CLIENT_FILES] },
      ],
      'no-restricted-syntax': ['error', ...SERVER_STATE_SYNTAX],
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
