// Lint rules double as architecture rules: the boundaries below fail `npm test` when crossed.
// Each message says where the code should go instead.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const REMOTES = ['mf-auth', 'mf-vouches', 'mf-network', 'mf-introductions', 'mf-subscription'];
const SERVICES = ['auth', 'vouches', 'network', 'introductions', 'subscriptions'];

/** Chakra, the router and react-query are shared through our two thin wrappers (DESIGN §1a). */
const wrappedLibraries = [
  { name: '@chakra-ui/react', message: 'Import UI components from @vouch/ui (shared singleton, DESIGN §1a).' },
  { name: 'react-router-dom', message: 'Import router APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
  { name: 'react-router', message: 'Import router APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
  { name: '@tanstack/react-query', message: 'Import query APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
];

const remoteRules = REMOTES.map((remote) => ({
  files: [`${remote}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      paths: wrappedLibraries,
      patterns: [
        { group: REMOTES.filter((r) => r !== remote).flatMap((r) => [`@vouch/${r}`, `@vouch/${r}/*`, `**/${r}/**`]), message: 'A remote never imports another remote: load its exposed module at run time with <RemoteSlot> from @vouch/shell-sdk.' },
        { group: ['@vouch/service-*', '**/services/**', '@vouch/api-gateway', '**/api-gateway/**'], message: 'A remote never imports server code: call the /api surface through @vouch/shell-sdk, share types through @vouch/contracts.' },
        { group: ['**/shell/**', '@vouch/shell'], message: 'A remote never imports the shell: use @vouch/shell-sdk.' },
      ],
    }],
  },
}));

const serviceRules = SERVICES.map((service) => ({
  files: [`services/${service}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: SERVICES.filter((s) => s !== service).flatMap((s) => [`@vouch/service-${s}/*`, `**/services/${s}/**`, `../../${s}/**`, `../${s}/**`]), message: "A service reads another service only through its public module (import from '@vouch/service-<name>', never its files)." },
        { group: ['@vouch/api-gateway', '**/api-gateway/**'], message: 'Services never import the gateway; the gateway mounts services.' },
        { group: [...REMOTES.map((r) => `@vouch/${r}`), '@vouch/shell', '@vouch/ui', '@vouch/shell-sdk'], message: 'Services never import web code; share types through @vouch/contracts.' },
      ],
    }],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns: [{ group: ['@vouch/service-*', '**/services/**'], message: 'Web code never imports server code.' }] }] },
  },
  ...remoteRules,
  ...serviceRules,
  {
    files: ['services/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: SERVICES.map((s) => `@vouch/service-${s}`), message: 'services/core is shared by all services and depends on none of them.' }] }] },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  { files: ['**/*.mjs', 'eslint.config.mjs'], languageOptions: { sourceType: 'module' } },
);
