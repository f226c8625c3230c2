// Lint rules double as architecture rules: the boundaries below fail `npm test` when crossed.
// Each message says where the code should go instead. The zones resolve every import to a file
// (import-x's resolver), so a relative path fails at any folder depth, like a package name does.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const folders = (dir) => (fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : []);

/**
 * Every workspace folder (top level, services/*, packages/*) by the role its package.json declares
 * (`"vouch": { "role": … }`), so a new service or remote is protected the day its folder exists.
 */
function workspacesByRole() {
  const byRole = {};
  for (const dir of ['', 'services', 'packages'].flatMap((parent) => folders(parent || '.').map((name) => (parent ? `${parent}/${name}` : name)))) {
    const file = path.join(root, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const role = JSON.parse(fs.readFileSync(file, 'utf8')).vouch?.role;
    if (role) (byRole[role] ??= []).push(dir);
  }
  return byRole;
}
const roles = workspacesByRole();
/** The roles a workspace may declare; any other (or none) leaves its folder under no rule. */
const ROLES = ['web-remote', 'web-host', 'web-library', 'common-library', 'client-library', 'build-tool', 'backend-service', 'backend-library', 'backend-gateway', 'backend-worker'];
const REMOTES = roles['web-remote'] ?? [];
const SERVICES = (roles['backend-service'] ?? []).map((dir) => path.basename(dir));
const SERVER = ['services', 'api-gateway', 'worker'];
const WEB_PACKAGES = roles['web-library'] ?? [];
/** Code that is no workspace but runs against them: the whole-system tests, the browser suite, the benches. */
const OUTSIDE = ['test', 'e2e', 'bench', 'scripts'];

/** The files a workspace package declares public: every path its package.json `exports` names. */
function publicEntries(dir) {
  const { exports } = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const paths = (value) => (typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(paths));
  return [...new Set(paths(exports))];
}

/**
 * Inside an app (the shell, a remote), `src/` holds three kinds of code: `features/<name>/`, the
 * composition that assembles them (`app/`, `slots/` and the files directly in `src/`: routes,
 * parcel, bootstrap) and shared code: every other folder (`lib/`, `components/`, `layout/`, a
 * `hooks/` added tomorrow), which features build on and which never imports a feature.
 */
const APPS = [...REMOTES, ...(roles['web-host'] ?? [])];
const COMPOSITION = ['app', 'slots'];
const sharedFolders = (app) => `${app}/src/!(features|${COMPOSITION.join('|')})/**`;
const compositionFiles = (app) => [...COMPOSITION.map((dir) => `${app}/src/${dir}/**`), `${app}/src/*.{ts,tsx}`];
/** The features of `app` that say what others may use of them (an index.ts or index.tsx). */
const featureIndexes = (app) => folders(`${app}/src/features`).flatMap((feature) => ['index.ts', 'index.tsx'].filter((f) => fs.existsSync(path.join(root, app, 'src/features', feature, f))).map((f) => ({ feature, index: f })));

/**
 * Inside a service (services/<name>), `src/features/<name>/` are its subjects; the files directly in
 * src/ and the migrations (src/data-access/migrations) assemble them; every other folder of src/ is
 * shared. Every service that has a features folder is under these rules the day it has one.
 */
const SERVICES_WITH_FEATURES = SERVICES.map((s) => `services/${s}`).filter((dir) => folders(`${dir}/src/features`).length > 0);
const serviceSharedFolders = (service) => [`${service}/src/!(features|data-access)/**`, `${service}/src/data-access/*.ts`, `${service}/src/data-access/!(migrations)/**`];
const serviceCompositionFiles = (service) => [`${service}/src/*.ts`, `${service}/src/data-access/migrations/**`];

/** `dir` is entered only through its package's exports; `targets` are the folders this applies to. */
const entryZone = (dir, targets, message) => ({ target: targets, from: dir, except: publicEntries(dir), message });
const serviceDirs = [...SERVICES.map((s) => `services/${s}`), ...(roles['backend-library'] ?? [])];
const packageDirs = folders('packages').map((p) => `packages/${p}`);

const zones = [
  // Remotes: no other remote, no server code, no shell.
  ...REMOTES.map((remote) => ({ target: remote, from: REMOTES.filter((r) => r !== remote), message: 'A remote never imports another remote: load its exposed module at run time with <RemoteSlot> from @vouch/shell-sdk; share code through packages/ui or packages/shell-sdk.' })),
  { target: REMOTES, from: SERVER, message: 'A remote never imports server code: call the /api surface through @vouch/shell-sdk, share types through @vouch/contracts.' },
  { target: REMOTES, from: 'shell', message: 'A remote never imports the shell: use @vouch/shell-sdk.' },
  { target: 'shell', from: REMOTES, message: 'The shell never imports a remote\'s files: render its exposed module with <RemoteSlot> from @vouch/shell-sdk; share code through packages/ui or packages/shell-sdk.' },
  // contracts is read by the server too: it imports no web package and no app.
  { target: 'packages/contracts', from: [...WEB_PACKAGES, ...APPS], message: '@vouch/contracts is shared with the server: it imports no web package (@vouch/ui, @vouch/shell-sdk) and no app; keep UI code in packages/ui and the rule in contracts.' },
  // Tests, benches and scripts drive an app from outside (a browser, its build), never its files.
  { target: OUTSIDE, from: APPS, message: "Code outside the apps never imports an app's files: drive the app through the browser (e2e/), test its files in its own test/ folder, or read what it shares from @vouch/contracts." },
  // Other web code (the shell, the web packages, contracts shared with the browser): no server code.
  { target: ['shell', ...WEB_PACKAGES, 'packages/contracts'], from: SERVER, message: 'Web code never imports server code: call the /api surface through @vouch/shell-sdk, share types through @vouch/contracts.' },
  // Services, the gateway and the worker enter a service only through its public entry.
  ...serviceDirs.map((dir) => entryZone(dir, [...serviceDirs.filter((d) => d !== dir && d !== 'services/core'), 'api-gateway', 'worker', ...OUTSIDE], `Import '@vouch/service-${path.basename(dir)}' (its public entry), never its files: export what you need from ${dir}/src/index.ts.`)),
  { target: 'services/core', from: serviceDirs.filter((d) => d !== 'services/core'), message: 'services/core is shared by all services and depends on none of them: move the shared code into services/core.' },
  { target: 'services', from: ['api-gateway', 'worker'], message: 'Services never import the gateway or the worker; they mount or call services, not the reverse.' },
  { target: 'services', from: [...REMOTES, 'shell', ...WEB_PACKAGES], message: 'Services never import web code; share types through @vouch/contracts.' },
  // Every package under packages/ is entered only through its exports map.
  ...packageDirs.map((dir) => entryZone(dir, [...packageDirs.filter((d) => d !== dir), 'services', 'api-gateway', 'worker', 'shell', ...REMOTES, ...OUTSIDE], `Import '@vouch/${path.basename(dir)}' (the entries its package.json exports), never its files: export what you need from ${dir}/src/index.ts.`)),
  // Outside the gateway (other packages, the worker, tests, scripts) only its public entry; services
  // and web code import none of it (zones above).
  entryZone('api-gateway', ['worker', ...OUTSIDE], "Import '@vouch/api-gateway' (its public entry), never its files: export what you need from api-gateway/src/index.ts."),
  // The packages are published on their own (the API client to native apps): they import no app,
  // no service and no gateway, so a package builds from its own folder and the registry alone.
  { target: packageDirs, from: ['api-gateway', 'worker', 'services', 'shell', ...REMOTES], message: 'A package under packages/ depends on no app, service or gateway: generate from a build artifact committed in the package (packages/api-client/openapi.json), or move the shared code into the package.' },
  // The worker's entry of a service (whole-network runs, the worker's memory) is never loaded by
  // code that serves requests; the seed (`npm run seed`, its own process) settles scores with it.
  ...serviceDirs.filter((dir) => fs.existsSync(path.join(root, dir, 'src/worker.ts'))).map((dir) => ({
    target: ['services/*/src/**', 'api-gateway/src/!(seed).ts', 'api-gateway/src/!(seed)/**'],
    from: `${dir}/src/worker.ts`,
    message: `'@vouch/service-${path.basename(dir)}/worker' is for the worker process (and tests, benches, the seed): request-serving code asks for a run through the service's public entry and reads what the worker wrote.`,
  })),
  // A service's `./testing` entry (test doubles, fixture writers) is for tests only.
  { target: '**/src/**', from: 'services/*/test/**', message: "A service's test folder (its './testing' entry) is for tests only: production code uses its public entry." },
  // Inside an app, shared code (every folder of src/ but features/ and the composition) never
  // imports a feature, nor the composition: features build on it.
  ...APPS.map((app) => ({
    target: sharedFolders(app),
    from: [`${app}/src/features`, ...COMPOSITION.map((dir) => `${app}/src/${dir}`)],
    message: `Shared code never imports a feature or the app's composition (src/app, src/slots): move what both need into ${app}/src/lib or ${app}/src/components, or the code that needs the feature into the feature (or into src/app, which assembles features).`,
  })),
  // The composition enters a feature that declares its public surface (index.ts) only through it.
  ...APPS.flatMap((app) => featureIndexes(app).map(({ feature, index }) => ({
    target: compositionFiles(app),
    from: `${app}/src/features/${feature}`,
    except: [`./${index}`],
    message: `${app}/src/features/${feature} says what others use of it in its ${index}: import that (export what is missing from it).`,
  }))),
  // Inside an app, a feature folder never reaches into another feature's files; a feature that
  // others open (a dialog) says what they may use in its index.ts, its public surface.
  ...APPS.flatMap((app) => folders(`${app}/src/features`).map((feature) => ({
    target: `${app}/src/features/${feature}`,
    from: `${app}/src/features`,
    except: [`./${feature}`, ...folders(`${app}/src/features`).flatMap((other) => ['index.ts', 'index.tsx'].filter((f) => fs.existsSync(path.join(root, app, 'src/features', other, f))).map((f) => `./${other}/${f}`))],
    message: `A feature never imports another feature's files: import what that feature's index.ts offers, or move shared code to ${app}/src/lib or ${app}/src/components (or packages/ui, packages/shell-sdk).`,
  }))),
  // Inside a service, the same three kinds: `src/features/<name>/` (its own entry-points/, domain/,
  // data-access/ and an index.ts, its public surface), the composition that assembles them (the
  // files directly in src/: service, index, router, worker, server; and the migrations, which run
  // features' code to move data) and shared code (every other folder: src/domain, src/data-access),
  // which features build on and which never imports a feature.
  ...SERVICES_WITH_FEATURES.map((service) => ({
    target: serviceSharedFolders(service),
    from: `${service}/src/features`,
    message: `Shared code of a service never imports a feature: move what both need into ${service}/src/domain or ${service}/src/data-access, or the code that needs the feature into the feature (or into the composition, src/*.ts, which assembles features).`,
  })),
  ...SERVICES_WITH_FEATURES.flatMap((service) => folders(`${service}/src/features`).flatMap((feature) => [
    {
      target: serviceCompositionFiles(service),
      from: `${service}/src/features/${feature}`,
      except: ['./index.ts'],
      message: `${service}/src/features/${feature} says what others use of it in its index.ts: import that (export what is missing from it).`,
    },
    {
      target: `${service}/src/features/${feature}`,
      from: `${service}/src/features`,
      except: [`./${feature}`, ...featureIndexes(service).map(({ feature: other, index }) => `./${other}/${index}`)],
      message: `A feature of a service never imports another feature's files: import what that feature's index.ts offers (export what is missing from it), or move code both need into ${service}/src/domain or ${service}/src/data-access.`,
    },
  ])),
];

/**
 * Where a file sits, by folder: a workspace of a known role (top level, services/*, packages/*),
 * the code outside the workspaces (OUTSIDE), the root's own config files, or a dot-folder of tool
 * settings. A file anywhere else is under no boundary rule, which `vouch/classified-folder` reports.
 */
function unclassifiedFolder(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === '..' || rel.length === 1 || rel[0].startsWith('.')) return null;
  const dir = ['services', 'packages'].includes(rel[0]) ? rel.slice(0, 2).join('/') : rel[0];
  if (OUTSIDE.includes(dir)) return null;
  const manifest = path.join(root, dir, 'package.json');
  const role = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).vouch?.role : undefined;
  return ROLES.includes(role) ? null : dir;
}
const classifiedFolder = {
  meta: { type: 'problem', schema: [], messages: { unclassified: `{{dir}}/ is under no architecture rule: make it a workspace with a package.json role ("vouch": { "role": … }, one of ${ROLES.join(', ')}), or put the code in ${OUTSIDE.map((d) => `${d}/`).join(', ')} (docs/architecture.md "Boundaries").` } },
  create(context) {
    return {
      Program(node) {
        const dir = unclassifiedFolder(context.filename);
        if (dir) context.report({ node, messageId: 'unclassified', data: { dir } });
      },
    };
  },
};

/** Lines a function of .ts source may have, blank lines and comments aside (issue 46). */
const MAX_FUNCTION_LINES = 120;

const whereCycleGoes = 'Move what both modules need into a third module that both import (in a service: its domain/ or data-access/; in an app: src/lib).';
/** import-x/no-cycle, its message saying where the code goes (the rule's own cannot be configured). */
const noCycle = {
  ...importX.rules['no-cycle'],
  meta: { ...importX.rules['no-cycle'].meta, messages: { cycle: `Dependency cycle detected. ${whereCycleGoes}`, cycleSource: `Dependency cycle via {{source}}. ${whereCycleGoes}` } },
};

/** Chakra, the router and react-query are shared through our two thin wrappers (DESIGN §1a). */
const wrappedLibraries = [
  { name: '@chakra-ui/react', message: 'Import UI components from @vouch/ui (shared singleton, DESIGN §1a).' },
  { name: 'react-router-dom', message: 'Import router APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
  { name: 'react-router', message: 'Import router APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
  { name: '@tanstack/react-query', message: 'Import query APIs from @vouch/shell-sdk (shared singleton, DESIGN §1a).' },
];

/** Names no import may use: an app's package (nothing to import), a file behind a package's exports. */
const declaredSubpaths = [...packageDirs, ...serviceDirs].flatMap((dir) => {
  const { name, exports } = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return Object.keys(exports ?? {}).filter((key) => key !== '.').map((key) => `!${name}/${key.slice(2)}`);
});
const restrictedNames = [
  { group: ['@vouch/*/**', ...declaredSubpaths], message: "Import a package only through the entries its package.json exports ('@vouch/<name>'): export what you need from its src/index.ts." },
  { group: [...REMOTES.map((r) => `@vouch/${r}`), '@vouch/shell'], message: 'An app is never imported: load a remote\'s exposed module at run time with <RemoteSlot> from @vouch/shell-sdk; share code through packages/ui or packages/shell-sdk.' },
];

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
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { 'import-x': { ...importX, rules: { ...importX.rules, 'no-cycle': noCycle } }, vouch: { rules: { 'classified-folder': classifiedFolder } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'vouch/classified-folder': 'error',
      'no-restricted-imports': ['error', { patterns: restrictedNames }],
    },
  },
  {
    // A lazy() split point may import back from its importer: the chunk loads after that module ran.
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'packages/contracts/**/*.ts', ...REMOTES.map((r) => `${r}/**/*.{ts,tsx}`)],
    rules: { 'no-restricted-imports': ['error', { paths: wrappedLibraries, patterns: restrictedNames }] },
  },
  {
    // The size rule of .ts code (components are held to 150 lines a file by test/component-size.test.ts):
    // a function over 120 lines, blank lines and comments aside, does more than one thing; split it
    // into functions named for its parts (an OpenAPI registration into one per group of paths).
    files: ['**/src/**/*.ts'],
    ignores: ['**/*.d.ts', '**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  { files: ['**/*.mjs', 'eslint.config.mjs'], languageOptions: { sourceType: 'module' } },
);
