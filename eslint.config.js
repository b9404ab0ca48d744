// Lint rules for the whole repository: TypeScript-aware, React hooks checked in the client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'e2e/**/*.ts', '*.{js,ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // core/ is shared by browser and server: keep it free of either environment's globals.
    files: ['core/**/*.ts'],
    languageOptions: { globals: {} },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/*.test.{ts,tsx}', 'server/test/**'],
    rules: { 'no-console': 'off' },
  },
);
