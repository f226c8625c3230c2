// The boundaries of docs/architecture.md are ESLint rules (eslint.config.mjs); these stories prove
// each rule really fails the build when crossed, whatever the folder depth of the importing file
// (a rule that never fires, or fires at one depth only, would protect nothing). Imports point at
// real files, found on disk, because the zones resolve every import to the file it names.
import fs from 'node:fs';
import path from 'node:path';
import { THROWAWAY_WORKSPACES } from './support/throwaway-workspaces';
import { lintProbes } from './support/lint-probes';

// One ESLint process lints every probe; on a busy machine loading it alone takes seconds.
jest.setTimeout(120_000);

const root = path.resolve(__dirname, '..');
const BOUNDARY_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths', 'import-x/no-cycle', 'vouch/classified-folder'];
const DEPTHS = [1, 3, 5];

interface Probe {
  /** Where the probe pretends to be, relative to the repository. */
  file: string;
  code: string;
}

/** The first source file under `dir` (sorted, depth first), other than its index and `skip`. */
function someFile(dir: string, skip: (rel: string) => boolean = () => false): string {
  const walk = (rel: string): string | undefined => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        const found = walk(child);
        if (found) return found;
      } else if (/\.tsx?$/.test(entry.name) && !/^index\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !skip(child)) {
        return child;
      }
    }
    return undefined;
  };
  const found = walk(dir);
  if (!found) throw new Error(`No source file under ${dir}`);
  return found;
}

/** A probe file `depth` folders below `dir` (depth 1: directly in it). */
function probeAt(dir: string, depth: number, name = 'probe.ts'): string {
  return [dir, ...Array.from({ length: depth - 1 }, (_, i) => `d${i + 1}`), name].join('/');
}

/** `import '<relative path from probe to target>';` */
function importOf(probe: string, target: string): string {
  const relative = path.relative(path.dirname(probe), target.replace(/\.tsx?$/, ''));
  return `import '${relative.startsWith('.') ? relative : `./${relative}`}';\n`;
}

/** The folders directly under `dir` (sorted), if it exists. */
function foldersIn(dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return [];
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** The role a folder's package.json declares (`"vouch": { "role": … }`), if any. */
function roleOf(dir: string): string | undefined {
  const file = path.join(root, dir, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { vouch?: { role?: string } }).vouch?.role : undefined;
}

/** The shell and the remotes, by role: the apps whose src/ folders are probed one by one. */
const APPS = foldersIn('.').filter((dir) => ['web-host', 'web-remote'].includes(roleOf(dir) ?? ''));
/** Code outside the workspaces (eslint.config.mjs OUTSIDE). */
const OUTSIDE = ['test', 'e2e', 'bench', 'scripts'];
/** Folders the lint never reads (eslint.config.mjs ignores): build output, reports, data. */
const NOT_LINTED = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);

const probes = new Map<string, Probe>();
let results: Map<string, string[]>;

/** Registers a probe (linted once for the whole file in beforeAll) and returns its key. */
function probe(file: string, code: string): string {
  const key = `${file}\n${code}`;
  probes.set(key, { file, code });
  return key;
}

function problemsOf(key: string): string[] {
  const found = results.get(key);
  if (!found) throw new Error(`Probe not linted: ${key}`);
  return found;
}

// The throwaway workspaces (test/support/throwaway-workspaces.ts) exist only while the probes are linted.
afterAll(() => {
  for (const dir of Object.keys(THROWAWAY_WORKSPACES)) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
});

// The probes are linted once, before the tests read their messages (test/support/lint-probes.ts).
beforeAll(() => {
  for (const [dir, { name, role }] of Object.entries(THROWAWAY_WORKSPACES)) {
    fs.mkdirSync(path.join(root, dir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name, private: true, vouch: { role }, exports: { '.': './src/index.ts' } }));
    fs.writeFileSync(path.join(root, dir, 'src', 'index.ts'), 'export {};\n');
    fs.writeFileSync(path.join(root, dir, 'src', 'internal.ts'), 'export {};\n');
  }
  const messages = lintProbes([...probes.values()]);
  results = new Map([...probes.keys()].map((key, i) => [key, (messages[i] ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId)).map((m) => m.message)]));
});

const one = (pattern: RegExp) => [expect.stringMatching(pattern)];

describe('architecture boundaries', () => {
  const authInternal = someFile('services/auth/src');
  const gatewayFile = someFile('api-gateway/src');
  const shellFile = someFile('shell/src');
  const otherRemoteFile = someFile('mf-auth/src');
  const uiInternal = someFile('packages/ui/src');

  describe.each(DEPTHS)('a file %i folder(s) deep', (depth) => {
    const inRemote = probeAt('mf-vouches/src', depth, 'probe.tsx');
    const inService = probeAt('services/vouches/src', depth);
    const inCore = probeAt('services/core/src', depth);
    const inGatewaySrc = probeAt('api-gateway/src', depth);
    const inGatewayTest = probeAt('api-gateway/test', depth, 'probe.test.ts');
    const inShell = probeAt('shell/src', depth, 'probe.tsx');
    const inWorker = probeAt('worker/src', depth);
    const inPackage = probeAt('packages/api-client/src', depth);
    const inContracts = probeAt('packages/contracts/src', depth);
    const inE2e = probeAt('e2e', depth, 'probe.spec.ts');
    const inTest = probeAt('test', depth, 'probe.test.ts');
    const inBench = probeAt('bench', depth, 'probe.mjs');

    const cases: [string, string, RegExp][] = [
      ['a remote importing another remote', probe(inRemote, importOf(inRemote, otherRemoteFile)), /never imports another remote.*RemoteSlot/],
      ['a remote importing a service', probe(inRemote, importOf(inRemote, authInternal)), /remote never imports server code.*@vouch\/shell-sdk/],
      ["a remote importing a service's public entry", probe(inRemote, "import '@vouch/service-network';\n"), /remote never imports server code/],
      ['a remote importing the gateway', probe(inRemote, importOf(inRemote, gatewayFile)), /remote never imports server code/],
      ['a remote importing the shell', probe(inRemote, importOf(inRemote, shellFile)), /never imports the shell: use @vouch\/shell-sdk/],
      ['the shell importing server code', probe(inShell, importOf(inShell, authInternal)), /Web code never imports server code/],
      ["a service reaching into another service's files", probe(inService, importOf(inService, authInternal)), /Import '@vouch\/service-auth' \(its public entry\), never its files.*services\/auth\/src\/index\.ts/],
      ['a service importing the gateway', probe(inService, importOf(inService, gatewayFile)), /Services never import the gateway/],
      ['a service importing web code', probe(inService, importOf(inService, shellFile)), /Services never import web code/],
      ['services/core importing a service', probe(inCore, "import '@vouch/service-auth';\n"), /services\/core .* depends on none of them/],
      ['services/core importing a service file', probe(inCore, importOf(inCore, authInternal)), /services\/core .* depends on none of them/],
      ["the gateway reaching into a service's files", probe(inGatewaySrc, importOf(inGatewaySrc, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["the gateway's tests reaching into a service's files", probe(inGatewayTest, importOf(inGatewayTest, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["the worker reaching into a service's files", probe(inWorker, importOf(inWorker, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["production code using a service's test entry", probe(inGatewaySrc, "import '@vouch/service-auth/testing';\n"), /for tests only/],
      ["the gateway loading the worker's entry of a service", probe(inGatewaySrc, "import '@vouch/service-vouches/worker';\n"), /'@vouch\/service-vouches\/worker' is for the worker process.*request-serving code asks for a run/],
      ["a service loading the worker's entry of another", probe(probeAt('services/introductions/src', depth), "import '@vouch/service-vouches/worker';\n"), /'@vouch\/service-vouches\/worker' is for the worker process/],
      ["a package reaching into the gateway's files", probe(inPackage, importOf(inPackage, gatewayFile)), /A package under packages\/ depends on no app, service or gateway: generate from a build artifact/],
      ["a package using the gateway's public entry", probe(inPackage, "import '@vouch/api-gateway';\n"), /A package under packages\/ depends on no app, service or gateway/],
      ["a package using a service's public entry", probe(inPackage, "import '@vouch/service-vouches';\n"), /A package under packages\/ depends on no app, service or gateway/],
      ["a package reaching into a service's files", probe(inPackage, importOf(inPackage, authInternal)), /A package under packages\/ depends on no app, service or gateway/],
      ["the browser suite reaching into a service's files", probe(inE2e, importOf(inE2e, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["a whole-system test reaching into a service's files", probe(inTest, importOf(inTest, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["a bench reaching into a service's files", probe(inBench, importOf(inBench, authInternal)), /Import '@vouch\/service-auth' \(its public entry\)/],
      ["a bench reaching into a package's files", probe(inBench, importOf(inBench, uiInternal)), /Import '@vouch\/ui' \(the entries its package.json exports\)/],
      ["the browser suite reaching into the gateway's files", probe(inE2e, importOf(inE2e, gatewayFile)), /Import '@vouch\/api-gateway' \(its public entry\)/],
      ["the worker reaching into the gateway's files", probe(inWorker, importOf(inWorker, gatewayFile)), /Import '@vouch\/api-gateway' \(its public entry\)/],
      ["web code reaching into a package's files", probe(inShell, importOf(inShell, uiInternal)), /Import '@vouch\/ui' \(the entries its package.json exports\)/],
      ["the shell reaching into a remote's files", probe(inShell, importOf(inShell, someFile('mf-vouches/src'))), /The shell never imports a remote's files: render its exposed module with <RemoteSlot>/],
      ['contracts importing a web package', probe(inContracts, "import '@vouch/ui';\n"), /@vouch\/contracts is shared with the server: it imports no web package/],
      ["the browser suite reaching into the shell's files", probe(inE2e, importOf(inE2e, shellFile)), /Code outside the apps never imports an app's files/],
      ["a whole-system test reaching into a remote's files", probe(inTest, importOf(inTest, someFile('mf-vouches/src'))), /Code outside the apps never imports an app's files/],
    ];
    it.each(cases)('refuses %s', (_story, key, message) => {
      expect(problemsOf(key)).toEqual(one(message));
    });

    const allowed: [string, string][] = [
      ["a service using another service's public entry", probe(inService, "import '@vouch/service-auth';\n")],
      ["the gateway's tests using a service's public and test entries", probe(inGatewayTest, "import '@vouch/service-auth';\nimport '@vouch/service-vouches/testing';\n")],
      ['the gateway using a service and core', probe(inGatewaySrc, "import '@vouch/service-vouches';\nimport '@vouch/service-core';\n")],
      ["a package using another package's public entry", probe(inPackage, "import '@vouch/contracts';\n")],
      ["the worker using a service's worker entry", probe(inWorker, "import '@vouch/service-vouches/worker';\n")],
      ['the seed using the worker entry', probe(probeAt('api-gateway/src/seed', depth), "import '@vouch/service-vouches/worker';\n")],
      ["the gateway's tests using the worker entry", probe(inGatewayTest, "import '@vouch/service-vouches/worker';\n")],
      ['a bench using the public and test entries', probe(inBench, "import '@vouch/api-gateway';\nimport '@vouch/service-vouches/testing';\nimport '@vouch/service-core';\n")],
      ["a remote's feature using the remote's shared lib", probe(probeAt('mf-vouches/src/features/vouches', depth, 'probe.tsx'), importOf(probeAt('mf-vouches/src/features/vouches', depth, 'probe.tsx'), someFile('mf-vouches/src/lib')))],
      ['a remote using the web packages and contracts', probe(inRemote, "import '@vouch/ui';\nimport '@vouch/shell-sdk';\nimport '@vouch/shell-sdk/base';\nimport '@vouch/contracts';\n")],
    ];
    it.each(allowed)('allows %s', (_story, key) => {
      expect(problemsOf(key)).toEqual([]);
    });
  });

  describe('features inside an app', () => {
    // The first app with two features: a file of the first never imports the second's files.
    const app = APPS.find((name) => {
      const dir = path.join(root, name, 'src/features');
      return fs.existsSync(dir) && fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).length >= 2;
    });
    if (!app) throw new Error('No app has two features to probe');
    const [first, second] = fs.readdirSync(path.join(root, app, 'src/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    const ownFile = someFile(`${app}/src/features/${first}`);
    const otherFile = someFile(`${app}/src/features/${second}`);

    const crossing = DEPTHS.map((depth) => {
      const file = probeAt(`${app}/src/features/${first}`, depth, 'probe.tsx');
      return [depth, probe(file, importOf(file, otherFile)), probe(file, importOf(file, ownFile))] as const;
    });

    it.each(crossing)(`refuses ${app}'s features/${first} (%i folder(s) deep) importing features/${second}'s files`, (_depth, key) => {
      expect(problemsOf(key)).toEqual(one(new RegExp(`never imports another feature's files: import what that feature's index.ts offers, or move shared code to ${app}/src/lib or ${app}/src/components`)));
    });

    it.each(crossing)(`allows features/${first} (%i folder(s) deep) importing its own files`, (_depth, _crossingKey, key) => {
      expect(problemsOf(key)).toEqual([]);
    });
  });

  // Every folder that exists, probed by its kind: a workspace by its role, the code outside the
  // workspaces, any other folder (which the lint reports as under no rule), and inside each app
  // every folder of src/. A folder of a kind this table does not know fails here.
  describe('every folder that exists is under a rule', () => {
    const serviceFile = authInternal;
    const byRole: Record<string, { target: string; code?: string; message: RegExp }> = {
      'web-remote': { target: serviceFile, message: /remote never imports server code/ },
      'web-host': { target: serviceFile, message: /Web code never imports server code/ },
      'web-library': { target: serviceFile, message: /Web code never imports server code/ },
      'common-library': { target: uiInternal, code: "import '@vouch/ui';\n", message: /@vouch\/contracts is shared with the server/ },
      'client-library': { target: gatewayFile, message: /A package under packages\/ depends on no app, service or gateway/ },
      'build-tool': { target: gatewayFile, message: /A package under packages\/ depends on no app, service or gateway/ },
      'backend-service': { target: shellFile, message: /Services never import web code/ },
      'backend-library': { target: shellFile, message: /Services never import web code/ },
      'backend-gateway': { target: serviceFile, message: /Import '@vouch\/service-auth' \(its public entry\)/ },
      'backend-worker': { target: serviceFile, message: /Import '@vouch\/service-auth' \(its public entry\)/ },
    };
    const topLevel = foldersIn('.').filter((dir) => !dir.startsWith('.') && !NOT_LINTED.has(dir));
    const folders = topLevel.flatMap((dir) => (['services', 'packages'].includes(dir) ? foldersIn(dir).map((child) => `${dir}/${child}`) : [dir]));
    // A folder added tomorrow with no role, at the top and under services/: the lint names it.
    const unclassified = [...folders.filter((dir) => !OUTSIDE.includes(dir) && !roleOf(dir)), 'tools-probe-new', 'services/probe-no-role'];

    const roleCases = folders.filter((dir) => roleOf(dir)).map((dir) => {
      const role = roleOf(dir)!;
      const known = byRole[role];
      const file = probeAt(fs.existsSync(path.join(root, dir, 'src')) ? `${dir}/src` : dir, 3);
      return [dir, role, known ? probe(file, known.code ?? importOf(file, known.target)) : '', known?.message ?? null] as const;
    });
    it.each(roleCases)('%s (role %s) is under the rules of its role', (_dir, role, key, message) => {
      if (!message) throw new Error(`No probe for the role ${role}: add one to this table (and its rules to eslint.config.mjs).`);
      expect(problemsOf(key)).toEqual(expect.arrayContaining(one(message)));
    });

    const outsideCases = OUTSIDE.filter((dir) => topLevel.includes(dir)).map((dir) => {
      const file = probeAt(dir, 3, dir === 'bench' || dir === 'scripts' ? 'probe.mjs' : 'probe.test.ts');
      return [dir, probe(file, importOf(file, serviceFile)), probe(file, importOf(file, someFile(`${APPS[0]}/src`)))] as const;
    });
    it.each(outsideCases)("%s/ uses services through their public entry and never imports an app's files", (_dir, service, app) => {
      expect(problemsOf(service)).toEqual(one(/Import '@vouch\/service-auth' \(its public entry\)/));
      expect(problemsOf(app)).toEqual(one(/Code outside the apps never imports an app's files/));
    });

    const unclassifiedCases = unclassified.map((dir) => [dir, probe(probeAt(dir, 3), "export {};\n")] as const);
    it.each(unclassifiedCases)('%s/ (no role) is itself a lint error', (dir, key) => {
      expect(problemsOf(key)).toEqual([expect.stringContaining(`${dir}/ is under no architecture rule`)]);
    });

    // Inside each app: features/<a> never reaches into features/<b>; every other folder of src/
    // but the composition (app/, slots/) is shared and never imports a feature.
    type AppCase = readonly [dir: string, kind: 'feature' | 'composition' | 'shared', key: string, message: RegExp];
    const appCases = APPS.flatMap((app): AppCase[] => {
      const features = foldersIn(`${app}/src/features`);
      const featureFile = features.length ? someFile(`${app}/src/features`) : null;
      return foldersIn(`${app}/src`).flatMap((folder): AppCase[] => {
        const dir = `${app}/src/${folder}`;
        if (folder === 'features') {
          if (features.length < 2) return [];
          return features.map((feature) => {
            const other = features.find((f) => f !== feature)!;
            const file = probeAt(`${dir}/${feature}`, 3, 'probe.tsx');
            return [`${dir}/${feature}`, 'feature', probe(file, importOf(file, someFile(`${dir}/${other}`))), /never imports another feature's files/];
          });
        }
        if (['app', 'slots'].includes(folder)) {
          const file = probeAt(dir, 3, 'probe.tsx');
          return [[dir, 'composition', probe(file, importOf(file, serviceFile)), /never imports server code/]];
        }
        if (!featureFile) return [];
        const file = probeAt(dir, 3, 'probe.tsx');
        return [[dir, 'shared', probe(file, importOf(file, featureFile)), new RegExp(`Shared code never imports a feature or the app's composition.*${app}/src/lib`)]];
      });
    });
    it.each(appCases)('%s (%s) is under its rule', (_dir, _kind, key, message) => {
      expect(problemsOf(key)).toEqual(one(message));
    });

    it('finds the folders of every kind', () => {
      expect(roleCases.map(([dir]) => dir)).toEqual(expect.arrayContaining(['api-gateway', 'worker', 'shell', 'mf-vouches', 'services/core', 'services/auth', 'packages/contracts', 'packages/ui']));
      expect(appCases.map(([dir, kind]) => `${dir} ${kind}`)).toEqual(expect.arrayContaining(['mf-vouches/src/lib shared', 'mf-vouches/src/components shared', 'shell/src/layout shared', 'shell/src/app composition', 'mf-vouches/src/slots composition']));
    });
  });

  // Inside every service that has a features folder (services/vouches today), the rule of the apps:
  // features/<a> enters features/<b> only through its index.ts; every folder of src/ but features/
  // is shared and never imports a feature; the composition (the files directly in src/, and the
  // migrations, which run features' code to move data) enters a feature only through its index.ts.
  describe('features inside a service', () => {
    const services = foldersIn('services').map((name) => `services/${name}`).filter((dir) => roleOf(dir) === 'backend-service' && foldersIn(`${dir}/src/features`).length >= 2);
    if (!services.includes('services/vouches')) throw new Error('services/vouches has no two features to probe');
    const indexOf = (service: string, feature: string) => `${service}/src/features/${feature}/index.ts`;
    /** `import '<the feature folder>';`: its index.ts, as the code imports it. */
    const importIndex = (file: string, service: string, feature: string) => importOf(file, indexOf(service, feature)).replace("/index'", "'");

    type Case = readonly [story: string, key: string, message: RegExp | null];
    const cases = services.flatMap((service): Case[] => {
      const features = foldersIn(`${service}/src/features`);
      const crossing = features.flatMap((feature, i): Case[] => {
        const other = features[(i + 1) % features.length]!;
        const otherFile = someFile(`${service}/src/features/${other}`);
        return (i === 0 ? DEPTHS : [3]).flatMap((depth): Case[] => {
          const file = probeAt(`${service}/src/features/${feature}`, depth);
          return [
            [`refuses ${service}'s features/${feature} (${depth} deep) importing features/${other}'s files`, probe(file, importOf(file, otherFile)), /A feature of a service never imports another feature's files: import what that feature's index.ts offers/],
            [`allows ${service}'s features/${feature} (${depth} deep) importing features/${other} through its index.ts`, probe(file, importIndex(file, service, other)), null],
            [`allows ${service}'s features/${feature} (${depth} deep) importing its own files`, probe(file, importOf(file, someFile(`${service}/src/features/${feature}`))), null],
          ];
        });
      });
      const first = features[0]!;
      const firstFile = someFile(`${service}/src/features/${first}`);
      const shared = foldersIn(`${service}/src`).filter((folder) => folder !== 'features').flatMap((folder): Case[] => {
        const file = probeAt(`${service}/src/${folder}`, 3);
        return [[`refuses ${service}/src/${folder} (shared) importing a feature`, probe(file, importIndex(file, service, first)), new RegExp(`Shared code of a service never imports a feature: move what both need into ${service}/src/domain or ${service}/src/data-access`)]];
      });
      const composition = [`${service}/src/probe.ts`, `${service}/src/data-access/migrations/probe.ts`].flatMap((file): Case[] => [
        [`refuses ${file} (composition) reaching past features/${first}'s index.ts`, probe(file, importOf(file, firstFile)), new RegExp(`${service}/src/features/${first} says what others use of it in its index.ts`)],
        [`allows ${file} (composition) importing features/${first} through its index.ts`, probe(file, importIndex(file, service, first)), null],
      ]);
      return [...crossing, ...shared, ...composition];
    });

    it.each(cases)('%s', (_story, key, message) => {
      expect(problemsOf(key)).toEqual(message ? one(message) : []);
    });

    it('finds the shared folders of services/vouches', () => {
      expect(cases.map(([story]) => story)).toEqual(expect.arrayContaining(['refuses services/vouches/src/domain (shared) importing a feature', 'refuses services/vouches/src/data-access (shared) importing a feature']));
    });
  });

  describe('a folder added tomorrow inside an app', () => {
    // A new shared folder (src/hooks) is shared the day it appears; a feature's index.ts is the
    // only way the composition enters a feature that has one.
    const inHooks = 'mf-vouches/src/hooks/probe.ts';
    const hooksIntoFeature = probe(inHooks, importOf(inHooks, someFile('mf-vouches/src/features')));
    const inShellApp = 'shell/src/app/probe.tsx';
    const appIntoHeaderFiles = probe(inShellApp, importOf(inShellApp, someFile('shell/src/features/header')));
    const appThroughHeaderIndex = probe(inShellApp, importOf(inShellApp, 'shell/src/features/header/index.ts').replace("/index'", "'"));
    const inSlots = 'mf-vouches/src/slots/probe.tsx';
    const slotIntoCreateVouchFiles = probe(inSlots, importOf(inSlots, someFile('mf-vouches/src/features/create-vouch')));

    it('refuses a new src/hooks importing a feature', () => {
      expect(problemsOf(hooksIntoFeature)).toEqual(one(/Shared code never imports a feature/));
    });

    it("refuses the composition reaching past a feature's index.ts, allows the index", () => {
      expect(problemsOf(appIntoHeaderFiles)).toEqual(one(/shell\/src\/features\/header says what others use of it in its index.ts/));
      expect(problemsOf(slotIntoCreateVouchFiles)).toEqual(one(/mf-vouches\/src\/features\/create-vouch says what others use of it in its index.ts/));
      expect(problemsOf(appThroughHeaderIndex)).toEqual([]);
    });
  });

  // A real module imported by services/core's public entry, made to import that entry back.
  const entry = 'services/core/src/index.ts';
  const [, imported] = /from '\.\/([^']+)'/.exec(fs.readFileSync(path.join(root, entry), 'utf8')) ?? [];
  const cycleFile = [`services/core/src/${imported}.ts`, `services/core/src/${imported}/index.ts`].find((f) => fs.existsSync(path.join(root, f)));
  if (!cycleFile) throw new Error(`${entry} imports no module of its own`);
  const cycle = probe(cycleFile, `${importOf(cycleFile, entry)}export {};\n`);
  const wrapped = probe('shell/src/probe.tsx', "import '@chakra-ui/react';\nimport 'react-router-dom';\nimport '@tanstack/react-query';\n");
  const deepByName = probe('services/vouches/src/probe.ts', "import '@vouch/service-auth/src/data-access/models';\n");
  const appByName = probe('mf-vouches/src/probe.ts', "import '@vouch/mf-network';\n");

  describe("a feature another feature opens, through its index.ts", () => {
    const inVouches = 'mf-vouches/src/features/vouches/components/probe.tsx';
    const throughIndex = probe(inVouches, importOf(inVouches, 'mf-vouches/src/features/create-vouch/index.ts').replace("/index'", "'"));
    const intoFiles = probe(inVouches, importOf(inVouches, someFile('mf-vouches/src/features/create-vouch')));

    it("allows another feature's index.ts, refuses its files", () => {
      expect(problemsOf(throughIndex)).toEqual([]);
      expect(problemsOf(intoFiles)).toEqual(one(/never imports another feature's files: import what that feature's index.ts offers/));
    });
  });

  describe('a workspace folder added tomorrow, known only by its package.json role', () => {
    const inNewService = 'services/probe-new/src/d1/probe.ts';
    const inNewRemote = 'mf-probe-new/src/d1/probe.tsx';
    const intoNewService = probe('services/vouches/src/probe.ts', importOf('services/vouches/src/probe.ts', 'services/probe-new/src/internal.ts'));
    const fromNewService = probe(inNewService, importOf(inNewService, authInternal));
    const newServiceWeb = probe(inNewService, importOf(inNewService, shellFile));
    const intoNewRemote = probe('mf-auth/src/probe.tsx', importOf('mf-auth/src/probe.tsx', 'mf-probe-new/src/internal.ts'));
    const fromNewRemote = probe(inNewRemote, importOf(inNewRemote, otherRemoteFile));
    const newRemoteServer = probe(inNewRemote, importOf(inNewRemote, authInternal));
    const newRemoteChakra = probe(inNewRemote, "import '@chakra-ui/react';\n");

    it('refuses another service reaching into a new service\'s files, and the new service reaching into others\' or into web code', () => {
      expect(problemsOf(intoNewService)).toEqual(one(/Import '@vouch\/service-probe-new' \(its public entry\), never its files/));
      expect(problemsOf(fromNewService)).toEqual(one(/Import '@vouch\/service-auth' \(its public entry\)/));
      expect(problemsOf(newServiceWeb)).toEqual(one(/Services never import web code/));
    });

    it('refuses a remote importing a new remote, and a new remote importing another remote, server code or Chakra', () => {
      expect(problemsOf(intoNewRemote)).toEqual(one(/never imports another remote/));
      expect(problemsOf(fromNewRemote)).toEqual(one(/never imports another remote/));
      expect(problemsOf(newRemoteServer)).toEqual(one(/remote never imports server code/));
      expect(problemsOf(newRemoteChakra)).toEqual(one(/Import UI components from @vouch\/ui/));
    });
  });

  it('refuses a dependency cycle, and says where the shared code goes', () => {
    expect(problemsOf(cycle)).toEqual(one(/Dependency cycle.*third module that both import/));
  });

  it('refuses Chakra, the router or react-query outside their wrapper packages', () => {
    expect(problemsOf(wrapped)).toHaveLength(3);
  });

  it("refuses a package's files by name, and an app by name", () => {
    expect(problemsOf(deepByName)).toEqual(one(/only through the entries its package.json exports/));
    expect(problemsOf(appByName)).toEqual(one(/An app is never imported.*RemoteSlot/));
  });
});

// The benches run TypeScript through tsx from code in strings (`node -e`, tsImport), which the lint
// cannot read: they name public entries only, like any other code outside the workspaces.
describe('the benches', () => {
  const benchFiles = fs.readdirSync(path.join(root, 'bench'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.m?js$/.test(f));
  it.each(benchFiles)('bench/%s names no file of a service, the gateway, the worker or a package', (file) => {
    const text = fs.readFileSync(path.join(root, 'bench', file), 'utf8');
    expect(text.match(/['"`](?:\.{1,2}\/)+(?:services|api-gateway|worker|packages)\/[^'"`]*/g) ?? []).toEqual([]);
  });
});
