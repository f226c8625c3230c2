// The sync log (issue 45) on SQLite and (with TEST_DATABASE_URL) MariaDB: numbers follow commit
// order, so a reader that has seen everything up to the committed number never finds a change
// numbered below it later; a rolled-back write leaves nothing; a sync pages, resumes and expires.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  committedThrough,
  memberAudience,
  openDatabase,
  parseSyncQuery,
  purgeSyncLog,
  recordChanges,
  runMigrations,
  SYNC_MIGRATIONS,
  syncPage,
  type Database,
  type SyncedList,
} from '../src';

interface Target {
  name: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

function sqliteTarget(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-sync-log-'));
  return { name: 'SQLite', open: () => openDatabase(`sqlite:${path.join(dir, 'sync.sqlite')}`), dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function mariaDbTarget(serverUrl: string): Target {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'vouch_test'}_sync_${process.pid}_${Date.now().toString(36)}`;
  const server = `${url.protocol}//${url.username}${url.password ? `:${url.password}` : ''}@${url.host}/`;
  const admin = async (sql: string) => {
    const db = await openDatabase(server);
    try {
      await db.sequelize.query(sql);
    } finally {
      await db.close();
    }
  };
  url.pathname = `/${name}`;
  return {
    name: 'MariaDB',
    open: async () => {
      await admin(`CREATE DATABASE \`${name}\``);
      return openDatabase(url.toString());
    },
    dispose: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}

const targets: Array<() => Target> = [sqliteTarget];
if (process.env.TEST_DATABASE_URL) targets.push(() => mariaDbTarget(process.env.TEST_DATABASE_URL!));

const LIST = 'things';
const DAY = 24 * 60 * 60 * 1000;
const logSeqs = async (db: Database) => (await db.select<{ seq: number | string }>('SELECT seq FROM sync_changes ORDER BY seq')).map((r) => Number(r.seq));

describe.each(targets.map((make) => [make().name, make] as const))('the sync log on %s', (_name, make) => {
  let target: Target;
  let db: Database;
  beforeAll(async () => {
    target = make();
    db = await target.open();
    await runMigrations(db, SYNC_MIGRATIONS);
  });
  afterAll(async () => {
    await db.close();
    await target.dispose();
  });

  it('numbers follow commit order: what a reader saw up to the committed number never grows later', async () => {
    const snapshots: { through: number; count: number }[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const through = await committedThrough(db);
        const [row] = await db.select<{ n: number | string }>('SELECT COUNT(*) AS n FROM sync_changes WHERE seq <= ?', [through]);
        snapshots.push({ through, count: Number(row!.n) });
      }
    })();
    // Writers that record early and commit late, in any order.
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        (async () => {
          for (let k = 0; k < 5; k += 1) {
            await db.transaction(async (t) => {
              recordChanges(db, t, [{ audience: memberAudience(w + 1), list: LIST, objectId: w * 100 + k }]);
              await sleep(Math.random() * 30);
            });
          }
        })(),
      ),
    );
    writing = false;
    await reader;
    expect(await committedThrough(db)).toBe(40);
    expect(await logSeqs(db)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const late: typeof snapshots = [];
    for (const snapshot of snapshots) {
      const [row] = await db.select<{ n: number | string }>('SELECT COUNT(*) AS n FROM sync_changes WHERE seq <= ?', [snapshot.through]);
      if (Number(row!.n) !== snapshot.count) late.push(snapshot);
    }
    expect(snapshots.length).toBeGreaterThan(0);
    expect(late).toEqual([]);
  });

  it('a transaction that fails records nothing and takes no number; recording needs a transaction of db.transaction', async () => {
    const before = await committedThrough(db);
    await expect(
      db.transaction(async (t) => {
        recordChanges(db, t, [{ audience: memberAudience(1), list: LIST, objectId: 999 }]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await committedThrough(db)).toBe(before);
    expect((await db.select('SELECT id FROM sync_changes WHERE object_id = 999')).length).toBe(0);
    await db.sequelize.transaction(async (t) => {
      expect(() => recordChanges(db, t, [{ audience: memberAudience(1), list: LIST, objectId: 998 }])).toThrow(TypeError);
    });
  });

  describe('syncPage', () => {
    const member = 77;
    let items: Map<number, { id: number; v: number }>;
    const list = (): SyncedList<{ id: number; v: number }> => ({
      list: LIST,
      audience: memberAudience(member),
      itemsAfter: async (afterId, rows) => [...items.values()].filter((i) => i.id > afterId).sort((a, b) => a.id - b.id).slice(0, rows),
      itemsByIds: async (ids) => ids.flatMap((id) => (items.has(id) ? [items.get(id)!] : [])),
      idOf: (item) => item.id,
    });
    const change = (id: number, removed = false) =>
      db.transaction(async (t) => {
        if (removed) items.delete(id);
        else items.set(id, { id, v: (items.get(id)?.v ?? 0) + 1 });
        recordChanges(db, t, [{ audience: memberAudience(member), list: LIST, objectId: id, ...(removed ? { removed: 'account_deleted' as const } : {}) }]);
      });
    const sync = (token: string | null, limit: number, now = new Date()) => syncPage(db, list(), parseSyncQuery({ limit: String(limit), ...(token ? { sync_token: token } : {}) }, LIST), { now, tokenDays: 30 });

    beforeAll(() => {
      items = new Map([1, 2, 3].map((id) => [id, { id, v: 1 }]));
    });

    it('pages the whole list, then only the changes, each once per page as it now is; a removal as a removed item', async () => {
      const first = await sync(null, 2);
      expect([first.changes, first.hasMore]).toEqual([[{ id: 1, v: 1 }, { id: 2, v: 1 }], true]);
      const second = await sync(first.nextSyncToken, 2);
      expect([second.changes, second.hasMore]).toEqual([[{ id: 3, v: 1 }], false]);
      expect((await sync(second.nextSyncToken, 2)).changes).toEqual([]);

      await change(2);
      await change(4);
      await change(2);
      await change(3, true);
      const page = await sync(second.nextSyncToken, 2);
      // Changes of 2, 4 in the first two rows: 2 as it now is (changed twice).
      expect([page.changes, page.hasMore]).toEqual([[{ id: 2, v: 3 }, { id: 4, v: 1 }], true]);
      const rest = await sync(page.nextSyncToken, 2);
      expect(rest.changes).toEqual([{ id: 2, v: 3 }, { id: 3, removed: true, reason: 'account_deleted', detail: expect.stringMatching(/deleted their account/) }]);
      expect(rest.hasMore).toBe(false);
      expect((await sync(rest.nextSyncToken, 2)).changes).toEqual([]);
    });

    it('a token of another list is a 400; an old one or one from beyond the counter a 410', async () => {
      const { nextSyncToken } = await sync(null, 10);
      expect(() => parseSyncQuery({ sync_token: nextSyncToken }, 'other')).toThrow(expect.objectContaining({ status: 400, code: 'SYNC_TOKEN_INVALID' }));
      expect(() => parseSyncQuery({ sync_token: `${nextSyncToken}x` }, LIST)).toThrow(expect.objectContaining({ status: 400 }));
      await expect(sync(nextSyncToken, 10, new Date(Date.now() + 31 * DAY))).rejects.toMatchObject({ status: 410, code: 'SYNC_TOKEN_EXPIRED' });
      // A token made on a database whose counter was further (a backup restored since).
      const [, body] = nextSyncToken.split('.');
      const fields = JSON.parse(Buffer.from(body!, 'base64url').toString()) as unknown[];
      fields[3] = (await committedThrough(db)) + 5;
      const ahead = `v2.${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;
      await expect(sync(ahead, 10)).rejects.toMatchObject({ status: 410, code: 'SYNC_TOKEN_EXPIRED', detail: expect.stringMatching(/has expired/) });
      // A token of the first format, which did not say whose copy it was: start again.
      expect(() => parseSyncQuery({ sync_token: `v1.${body!}` }, LIST)).toThrow(expect.objectContaining({ status: 410, code: 'SYNC_TOKEN_EXPIRED' }));
    });
  });

  it('purges rows older than the window and a day, and says how many went', async () => {
    const all = (await db.select('SELECT id FROM sync_changes')).length;
    expect(await purgeSyncLog(db, new Date(), 30)).toBe(0);
    expect(await purgeSyncLog(db, new Date(Date.now() + 32 * DAY), 30)).toBe(all);
    expect((await db.select('SELECT id FROM sync_changes')).length).toBe(0);
  });
});
