import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Type-aware rules for promises: a promise nobody awaits or handles loses its error, and a
  // promise-returning handler where React or Node expects void drops it silently.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['apps/server/drizzle.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // One source of truth for each call: its method and path are written once, in its definition
  // (packages/contract/src/calls); the server registers it with route() and the web makes it with call().
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/http/route.ts', 'apps/server/src/integrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api\\/|upload$|public\\/|email\\/|healthz$|readyz$)/]',
          message:
            'An API path is written only in its call definition (packages/contract/src/calls): use urlOf(def).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(api\\/|upload|public\\/|email\\/)/]',
          message:
            'An API path is written only in its call definition (packages/contract/src/calls): use urlOf(def).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|route)$/][arguments.0.type=/^(Literal|TemplateLiteral|ObjectExpression)$/][callee.object.name=/^(app|scope|server|instance)$/]',
          message: 'Register a route from its call definition: route(app, calls.<area>.<call>, handler).',
        },
      ],
    },
  },
  // Tests, the browser specs and the bench call the API as the web does: through the call definitions
  // (t.call(calls.<area>.<call>, input) in server tests, urlOf(def) elsewhere), so a renamed or moved
  // call breaks them at type-check time instead of leaving them on an old path. MT5's own paths
  // (/api/trade/..., /api/user/..., /api/deal/...) belong to the platform and its fake, not to this API.
  {
    files: ['apps/server/test/**/*.ts', 'e2e/**/*.ts', 'tools/bench/**/*.ts'],
    ignores: [
      'apps/server/test/support/fake-mt5/**',
      'apps/server/test/support/mt5-docs/**',
      'apps/server/test/mt5/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/^\\/(api\\/(?!(trade|user|deal|position|order|group|symbol|test|common|time)\\/)|upload$|upload\\?|public\\/|email\\/|healthz$|readyz$)/]',
          message:
            'Call the API from its definition (packages/contract/src/calls): t.call(calls.<area>.<call>, input), or urlOf(def).',
        },
        {
          selector:
            'TemplateElement[value.raw=/^\\/(api\\/(?!(trade|user|deal|position|order|group|symbol|test|common|time)\\/)|upload|public\\/|email\\/)/]',
          message:
            'Call the API from its definition (packages/contract/src/calls): t.call(calls.<area>.<call>, input), or urlOf(def).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
