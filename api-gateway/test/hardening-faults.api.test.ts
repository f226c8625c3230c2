// Faults (issue 10): the database going away and coming back (503 problem+json, /api/health not
// ready, recovery without a restart), a MariaDB server killed and restarted under a write load
// (no acknowledged write lost), and a graceful stop on SIGTERM (in-flight requests finish, new
// connections are refused). The database faults need MariaDB: they run when TEST_DATABASE_URL
// is set, as in CI; the SIGTERM test runs everywhere.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { openDatabase, runMigrations, type Database } from '@vouch/service-core';
import { allMigrations, createApp, REPO_ROOT } from '../src';
import { GENEROUS_AUTH_LIMITS, signIn, walkPages, type SignInTarget } from './support';
import { DatabaseRelay } from './support/database-faults';
import { until } from './support/until';

jest.setTimeout(180_000);

const mysqlUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}


/** A fresh database on the configured MariaDB server, migrated, reached through `port` when given. */
async function freshMariaDb(label: string, port?: number): Promise<{ db: Database; url: string; drop(): Promise<void> }> {
  const base = new URL(mysqlUrl!);
  const name = `vouch_${label}_${process.pid}_${Date.now()}`;
  base.pathname = '/';
  const admin = await openDatabase(base.toString());
  await admin.sequelize.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.close();
  const url = new URL(mysqlUrl!);
  url.pathname = `/${name}`;
  if (port) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  const db = await openDatabase(url.toString());
  await runMigrations(db, allMigrations);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close().catch(() => undefined);
      const again = await openDatabase(base.toString());
      await again.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.close();
    },
  };
}

const target = (app: ReturnType<typeof createApp>): SignInTarget => ({ request: supertest(app), agent: () => supertest.agent(app) });
const testEnv = { ...process.env, NODE_ENV: 'test', ...GENEROUS_AUTH_LIMITS };
const UNAVAILABLE = 'The database is unavailable right now. Please try again shortly.';

// Declared only when MariaDB is configured (CI always configures it): SQLite has no server to lose.
const describeOnMariaDb = (title: string, fn: () => void) => (mysqlUrl ? describe(title, fn) : undefined);

describeOnMariaDb('when the database goes away and comes back [mysql]', () => {
  let relay: DatabaseRelay;
  let database: Awaited<ReturnType<typeof freshMariaDb>>;

  beforeAll(async () => {
    const upstream = new URL(mysqlUrl!);
    relay = await new DatabaseRelay({ host: upstream.hostname, port: Number(upstream.port || 3306) }).open();
    database = await freshMariaDb('relay', relay.port);
  });
  afterAll(async () => {
    await database.drop();
    await relay.cut();
  });

  it('answers 503 problem+json while it is unreachable, reports not ready, and recovers by itself', async () => {
    const app = createApp({ db: database.db, env: testEnv });
    const member = await signIn(target(app), ['Dora', 'Downtime']);
    await supertest(app).get('/api/health').expect(200);

    await relay.cut();
    const health = await supertest(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers['content-type']).toMatch(/application\/problem\+json/);
    for (const call of [member.agent.get('/api/vouches/my'), member.agent.get('/api/user/profile'), member.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Ina Outage', recipientPhone: '+15550009999' })]) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toBe(UNAVAILABLE);
    }

    await relay.open();
    await until('the health check to pass again', async () => ((await supertest(app).get('/api/health')).status === 200 ? true : undefined));
    await member.agent.get('/api/user/profile').expect(200);
    const created = await member.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Ina Outage', recipientPhone: '+15550009999' }).expect(201);
    // The request made during the outage wrote nothing: the one made after is the only one.
    const mine = (await member.agent.get('/api/vouches/my').expect(200)).body as { id: number }[];
    expect(mine.map((v) => v.id)).toEqual([created.body.id]);
  });
});

/** A MariaDB server of the test's own (its own data folder and port), so killing it disturbs nobody else. */
class OwnMariaDb {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-mariadb-'));
  port = 0;
  private process?: ChildProcess;

  async install(): Promise<this> {
    this.port = await freePort();
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${this.dir}/data`, '--user=root', '--skip-test-db', '--auth-root-authentication-method=normal']);
    return this;
  }

  async start(): Promise<void> {
    this.process = spawn('/usr/sbin/mariadbd', ['--no-defaults', `--datadir=${this.dir}/data`, `--port=${this.port}`, `--socket=${this.dir}/sock`, '--bind-address=127.0.0.1', '--user=root', '--skip-grant-tables', '--innodb-buffer-pool-size=32M', '--skip-log-bin'], { stdio: 'ignore' });
    await until('MariaDB to accept connections', () => new Promise<true | undefined>((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(undefined));
    }));
  }

  /** SIGKILL: no clean shutdown, as in a crash; InnoDB recovers on the next start. */
  async kill(): Promise<void> {
    const exited = new Promise((resolve) => this.process?.once('exit', resolve));
    this.process?.kill('SIGKILL');
    await exited;
  }

  async remove(): Promise<void> {
    if (this.process && this.process.exitCode === null) await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}/vouch`;
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

describeOnMariaDb('when MariaDB is killed and restarted during a write load [mysql]', () => {
  let server: OwnMariaDb;
  let db: Database;

  beforeAll(async () => {
    server = await new OwnMariaDb().install();
    await server.start();
    const admin = await openDatabase(server.url.replace(/\/vouch$/, '/'));
    await admin.sequelize.query('CREATE DATABASE vouch CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await admin.close();
    db = await openDatabase(server.url);
    await runMigrations(db, allMigrations);
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await server?.remove();
  });

  it('loses no acknowledged write, answers 503 (never 500) meanwhile, and serves again after the restart', async () => {
    const app = createApp({ db, env: testEnv });
    const member = await signIn(target(app), ['Wren', 'Writer']);
    // Unlimited vouches, so the load is limited by nothing but the database.
    await member.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);

    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    let next = 0;
    const writer = async () => {
      while (!stop) {
        next += 1;
        const res = await member.agent.post('/api/vouches').send({ type: 'invite', recipientName: `Load Test ${next}`, recipientPhone: `+1555${String(7_000_000 + next)}` });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(res.body.id as number);
        else if (res.status !== 503) throw new Error(`unexpected ${res.status}: ${res.text}`);
        else await sleep(50);
      }
    };
    const writers = Array.from({ length: 4 }, writer);

    await until('some writes before the crash', async () => (acknowledged.length >= 20 ? true : undefined));
    await server.kill();
    const ackedBeforeCrash = acknowledged.length;
    await sleep(1_000);
    await server.start();
    await until('writes to succeed again after the restart', async () => (acknowledged.length >= ackedBeforeCrash + 20 ? true : undefined), 60_000);
    stop = true;
    await Promise.all(writers);

    expect(statuses.get(500)).toBeUndefined();
    const [rows] = await db.sequelize.query('SELECT id FROM vouches');
    const stored = new Set((rows as { id: number }[]).map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Every page of the member's list: each stored vouch once (the list is paged, issue 18).
    const mine = (await walkPages(member.agent, '/api/vouches/my')).ids;
    expect(new Set(mine).size).toBe(stored.size);
    expect(mine.length).toBe(stored.size);
  });
});

describe('graceful shutdown on SIGTERM', () => {
  let gateway: ChildProcess | undefined;
  afterAll(() => gateway?.kill('SIGKILL'));

  it('lets a request in flight finish, refuses new connections, and exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-sigterm-'));
    const port = await freePort();
    gateway = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api-gateway', 'src', 'server.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: path.join(dir, 'vouch.sqlite'), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => gateway!.once('exit', (code) => resolve(code)));
    await until('the gateway to serve', async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined), 60_000);

    // A client that has sent half of its request when the signal arrives.
    const body = JSON.stringify({ phone: '+15550001234' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`POST /api/auth/request-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await sleep(200);

    gateway.kill('SIGTERM');
    await until('new connections to be refused', () => new Promise<true | undefined>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => { probe.destroy(); resolve(undefined); });
      probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? true : undefined));
    }), 10_000);

    // write, not end: a half-closed socket counts as an aborted request for Node's HTTP server.
    socket.write(body.slice(5));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    // The last response tells the client the connection closes with it.
    expect(response).toMatch(/\r\nConnection: close\r\n/i);
    expect(response).toContain('"success":true');
    expect(await exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
