// `npm run seed` as a newcomer meets it: its own Node process on a fresh database (no tables
// yet), then a demo member signs in and reads her scores through the API. In-process tests
// cannot catch a seed that stops half-way: the test runner keeps Node's event loop alive.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NetworkResponse } from '@vouch/contracts';
import { ONBOARDING_VOUCH_THRESHOLD } from '@vouch/service-vouches';
import { DEMO_MEMBERS } from '../src/seed/index';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type TestContext } from './support';

// Seeding 40 members (about 200 vouches) in a child process on a busy machine.
jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

describeEachDatabase(
  'npm run seed, as its own process on a fresh database',
  (t: TestContext) => {
    let seed: { stdout: string; stderr: string };

    beforeAll(async () => {
      // Rejects (failing every test below) when the seed exits with anything but 0.
      seed = await run('npm', ['run', 'seed', '--', '--members', '40'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.databaseUrl, SEED_MEMBERS: '', LOG_LEVEL: 'warn' },
        maxBuffer: 16 * 1024 * 1024,
      });
    });

    it('runs every step to the end, says what it did and exits 0', () => {
      expect(seed.stdout).toMatch(/members 40\/40/);
      expect(seed.stdout).toMatch(/introduction requests [1-9]\d* created/);
      expect(seed.stdout).toMatch(/reputation recomputed for 40 members/);
      expect(seed.stdout).toMatch(/\+1 415 555 0100 {3}Maya Chen \(software, enterprise plan\): reputation [1-9][\d.]*\/100, [1-9]\d* connections/);
      expect(seed.stderr).not.toMatch(/stopped before it finished|failed while/);
    });

    it('lets Maya Chen sign in to a live reputation, a completed onboarding and counted connections', async () => {
      const maya = DEMO_MEMBERS[0];
      const member = await signIn(t, [maya.firstName, maya.lastName], { phone: maya.phone });
      expect(member.name).toBe('Maya Chen');
      const user = (await member.agent.get('/api/user/profile').expect(200)).body.user;
      expect(user.reputationScore).toBeGreaterThan(0);
      expect(user.socialCapitalBalance).toBeGreaterThan(0);
      expect(user.vouchesGiven + user.vouchesReceived).toBeGreaterThanOrEqual(ONBOARDING_VOUCH_THRESHOLD);
      expect(user.onboardingComplete).toBe(true);
      const network = (await member.agent.get('/api/network').expect(200)).body as NetworkResponse;
      // connectionsCount: the distinct members joined to her by an accepted vouch (her map's 1°
      // also shows pending invites and people she knows through introductions).
      const byVouch = network.directConnections.filter((c) => ['invited_accepted', 'vouched_for', 'vouched_by'].includes(c.relationshipType));
      expect(byVouch.length).toBeGreaterThanOrEqual(15);
      expect(user.connectionsCount).toBe(byVouch.length);
    });
  },
  // No migrations here: the seed itself migrates the empty database, as on a fresh clone.
  { migrations: [], env: { ...GENEROUS_AUTH_LIMITS } },
);
