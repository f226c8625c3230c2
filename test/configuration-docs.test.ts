// docs/configuration.md lists every setting the code reads from the environment (issue 46: the
// table was typed by hand and drifted). The code's settings are found where they are read:
// `env.NAME` / `process.env.NAME` / `env['NAME']`, and names passed as strings to a reader
// (`positiveIntFromEnv(env, 'AUTH_OTP_…')`, `whole(env, ['NOTIFY_…'])`), i.e. every quoted
// UPPER_SNAKE word in source that is not a problem code or a driver's error code. A setting read
// and not documented, or a documented one nothing reads, fails here naming it.
import fs from 'node:fs';
import path from 'node:path';
import { PROBLEM_CODES, serviceUrlVariable, type ServiceName } from '@vouch/service-core';
import { REMOTES, remoteUrlVariable } from '@vouch/contracts';

const root = path.resolve(__dirname, '..');
const DOC = 'docs/configuration.md';

/** Quoted UPPER_SNAKE words in source that are not settings, each with what it is. */
const NOT_SETTINGS: Record<string, string> = {
  INVALID_ARGUMENT: "an FCM error code (a device's token is malformed)",
  PREMIUM_RATE: 'a phone number type (libphonenumber): refused for codes',
  SHARED_COST: 'a phone number type (libphonenumber): refused for codes',
  USAGE_QUERY_KEY: "a query key's name in a comment",
};
/** Drivers' error codes (mysql2, sqlite3). */
const DRIVER_CODE = /^(ER|SQLITE|PROTOCOL)_/;
const TEST_FILE = /\.(test|spec)\.tsx?$/;
/**
 * The services whose address and port are settings: from the type (tsc holds this list to it), not
 * from the folders, where the architecture test's throwaway service appears while it runs beside.
 */
const SERVICES: Record<ServiceName, true> = { auth: true, subscriptions: true, vouches: true, network: true, introductions: true, notifications: true };
/** Folders whose code is not the product's, its scripts' or its tests' plumbing. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'bench', 'test-results', 'data', '.git', 'coverage']);

function sourceFiles(dir = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) files.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(rel);
    }
  }
  return files;
}

function settingsReadByCode(): Map<string, string> {
  const problemCodes = new Set<string>(PROBLEM_CODES);
  const found = new Map<string, string>();
  for (const file of sourceFiles().filter((rel) => rel !== 'test/configuration-docs.test.ts')) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const names = [
      ...[...text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)].map((match) => match[1]!),
      ...[...text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)].map((match) => match[1]!),
      ...[...text.matchAll(/\(env, *\[?['"]([A-Z][A-Z0-9_]+)['"]/g)].map((match) => match[1]!),
      // A test's own strings (a problem code it expects, a child's environment) are not settings.
      ...(TEST_FILE.test(file) ? [] : [...text.matchAll(/['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g)].map((match) => match[1]!)),
    ];
    for (const name of names) {
      if (problemCodes.has(name) || DRIVER_CODE.test(name) || name in NOT_SETTINGS) continue;
      if (!found.has(name)) found.set(name, file);
    }
  }
  // Settings whose names are made from a list: a remote's address, a proxied service's, a lone service's port.
  for (const remote of REMOTES) found.set(remoteUrlVariable(remote), 'packages/contracts/src/remotes.ts');
  for (const service of Object.keys(SERVICES) as ServiceName[]) {
    found.set(serviceUrlVariable(service), 'services/core/src/service.ts');
    found.set(`${service.toUpperCase()}_SERVICE_PORT`, 'services/core/src/service-app.ts');
  }
  return found;
}

/** The settings the doc's rows name: `named` in a row's first column, `mentioned` anywhere in it (a family's members: "also `VOUCH_LLM_TIMEOUT_MS`"). */
function settingsDocumented(): { named: Set<string>; mentioned: Set<string> } {
  const rows = fs.readFileSync(path.join(root, DOC), 'utf8').split('\n').filter((line) => line.startsWith('| `'));
  const names = (text: string) => [...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!);
  return { named: new Set(rows.flatMap((row) => names(row.split(' | ')[0]!))), mentioned: new Set(rows.flatMap(names)) };
}

describe(DOC, () => {
  const read = settingsReadByCode();
  const documented = settingsDocumented();

  test('lists every setting the code reads', () => {
    const missing = [...read].filter(([name]) => !documented.mentioned.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  test('lists no setting that nothing reads', () => {
    expect([...documented.named].filter((name) => !read.has(name))).toEqual([]);
  });

  test('finds settings the way they are read (the scan is not empty-handed)', () => {
    for (const name of ['DATABASE_URL', 'AUTH_OTP_SEND_LIMIT_PER_PHONE', 'NOTIFY_MAX_ATTEMPTS', 'E2E_WORKERS', 'MF_VOUCHES_URL']) expect(read.has(name)).toBe(true);
  });
});
