// The contract between the shell and the remotes (docs/architecture.md "Remotes and what they
// expose"): every module the shell or another remote renders is exposed by its remote, every
// page of contracts' PAGES (the shell's route table and the gateway read it) is in its remote's ./routes, and every slot component takes
// the props it is given. A remote team that drops or renames a module or a slot prop sees it
// fail here, in `npm test`, instead of as an "unavailable" panel in production.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { PAGES, REMOTES } from '@vouch/contracts';
import { createProgram, exposeProblems, propsProblems, slotUsages, sourceFiles, type SlotUsage } from './support/remote-contracts';

// Reading five webpack configs and type-checking the slots on a busy machine.
jest.setTimeout(120_000);

const root = path.resolve(__dirname, '..');
// The shell and every remote of contracts' list (remotes.ts), the one place a remote is added.
const APPS = ['shell', ...REMOTES.map((remote) => remote.folder)];

type ConfigFactory = (env: unknown, argv: { mode: 'production' }) => Configuration | Configuration[];

/** A remote's federation name and exposes, from its real webpack config. */
function federationOf(folder: string): { name: string; exposes: Record<string, string> } {
  const factory = (require(path.join(root, folder, 'webpack.config.ts')) as { default: ConfigFactory }).default;
  const built = factory(undefined, { mode: 'production' });
  const [app] = Array.isArray(built) ? built : [built];
  const plugin = (app?.plugins ?? []).find((candidate) => candidate?.constructor?.name === 'ModuleFederationPlugin');
  const options = (plugin as unknown as { _options: { name: string; exposes?: Record<string, string> } })._options;
  return { name: options.name, exposes: options.exposes ?? {} };
}

describe('the contract between the shell and the remotes', () => {
  const remotes = new Map(APPS.filter((app) => app !== 'shell').map((folder) => [federationOf(folder).name, { folder, ...federationOf(folder) }]));
  const exposes = new Map([...remotes].map(([name, remote]) => [name, remote.exposes]));
  const exposedFile = (remote: string, module: string) => path.join(root, remotes.get(remote)!.folder, remotes.get(remote)!.exposes[module]!);
  const consumers = APPS.flatMap((app) => sourceFiles(path.join(root, app, 'src')));
  const slotFiles = [...remotes].flatMap(([name, remote]) => Object.keys(remote.exposes).map((module) => exposedFile(name, module)));
  const program = createProgram(root, [...consumers, ...slotFiles]);
  const usages = consumers.flatMap((file) => slotUsages(root, program.getSourceFile(file)!));

  it('reads the slots the apps render', () => {
    // A sanity floor: the header alone renders two slots; zero would mean the scan is broken.
    expect(usages.filter((usage) => usage.remote !== null).length).toBeGreaterThanOrEqual(5);
    expect(remotes.size).toBe(5);
  });

  it("names each remote of contracts' list as its webpack config does", () => {
    expect(REMOTES.map((remote) => federationOf(remote.folder).name)).toEqual(REMOTES.map((remote) => remote.name));
  });

  it('every module the shell or a remote renders is one its remote exposes', () => {
    expect(exposeProblems(usages, exposes)).toEqual([]);
  });

  // The shell's route table is PAGES with a remote, keyed by path (shell/test/route-table.test.ts),
  // its sign-in screen the /auth page: the test reads contracts, never the shell's files.
  it("every page of the shell's route table is in its remote's ./routes", () => {
    const problems: string[] = [];
    for (const route of PAGES.flatMap((page) => (page.remote ? [{ remote: page.remote, key: page.path }] : []))) {
      if (!exposes.get(route.remote)?.['./routes']) {
        problems.push(`${route.remote} no longer exposes ./routes (the shell renders ${route.key} from it).`);
        continue;
      }
      const loaded = require(exposedFile(route.remote, './routes')) as { default?: Record<string, unknown> };
      const page = loaded.default?.[route.key];
      if (typeof page !== 'function' && !(page && typeof page === 'object' && '$$typeof' in page)) problems.push(`${route.remote} ./routes has no page "${route.key}" (shell/src/app/route-table.ts renders it).`);
    }
    expect(problems).toEqual([]);
  });

  it('every slot takes the props it is given, and is given the props it requires', () => {
    const literal = usages.filter((usage): usage is SlotUsage & { remote: string; module: string } => usage.remote !== null && usage.module !== null && !!exposes.get(usage.remote)?.[usage.module]);
    expect(literal.flatMap((usage) => propsProblems(program, usage, exposedFile(usage.remote, usage.module), `${usage.remote} ${usage.module}`))).toEqual([]);
  });
});

describe('the contract check itself', () => {
  it('fails when a remote drops a module, a slot drops or changes a prop, or a slot requires a new one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-contract-'));
    try {
      const slot = path.join(dir, 'slot.tsx');
      const page = path.join(dir, 'page.tsx');
      fs.writeFileSync(slot, 'export default function Slot(props: { user?: string; size: number }) { return null; }\n');
      fs.writeFileSync(page, 'export const a = <RemoteSlot remote="mf_demo" module="./Slot" props={{ user: 1, colour: "red" }} />;\nexport const b = <RemoteSlot remote="mf_demo" module="./Gone" />;\n');
      const program = createProgram(root, [slot, page]);
      const [a, b] = slotUsages(dir, program.getSourceFile(page)!);
      expect(exposeProblems([a!, b!], new Map([['mf_demo', { './Slot': './slot.tsx' }]]))).toEqual([
        expect.stringMatching(/^page\.tsx:2 renders mf_demo \.\/Gone, which mf_demo no longer exposes/),
      ]);
      expect(propsProblems(program, a!, slot, 'mf_demo ./Slot')).toEqual([
        'page.tsx:1 passes "user" as number, but mf_demo ./Slot wants string | undefined.',
        'page.tsx:1 passes prop "colour" that mf_demo ./Slot no longer takes.',
        'mf_demo ./Slot requires prop "size", which page.tsx:1 does not pass.',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
