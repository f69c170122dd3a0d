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
  // One source of truth for each call (issue 21): its method and path are written once, in its definition
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
