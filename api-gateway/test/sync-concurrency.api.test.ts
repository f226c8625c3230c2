// Issue 45: a mobile app keeping its copy of "vouches sent to my phone" while other members write.
// 8 writers create vouches to the poller's phone, each in a transaction held open a random while
// (as a slow commit would: the row is written early, committed late); a poller follows the
// documented method all along, then once more after the writes. Every vouch written must be in
// its copy, each once after de-duplication by id. On SQLite writes take turns; on MariaDB they
// commit in any order, which is what the method must survive. The control: a second copy kept
// beside it on MariaDB in the first CONTROL_RUNS runs by the method documented before
// (?updated_since= with the newest updatedAt held), polled as often, must lose some there (in 9
// measurements, 1 to 17 vouches of 32 in every run; 230 of 640 when the issue was fixed), else
// these runs do not commit out of order and the test proves nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import { registerMember } from '@vouch/service-auth';
import { subscribeWithLocalBilling } from '@vouch/service-subscriptions';
import { createVouchAs } from '@vouch/service-vouches';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent } from './support';

jest.setTimeout(300_000);

/** MariaDB commits in any order: 20 runs. SQLite has one writer (commits in turn): a few runs show the method holds there too. */
const RUNS = { mysql: 20, sqlite: 4 } as const;
const WRITERS = 8;
const VOUCHES_PER_WRITER = 4;
/** MariaDB's runs that also keep the control's copy (it missed 1 to 17 vouches in every run measured; more runs would only slow the suite). */
const CONTROL_RUNS = 5;
/** The longest a writer's transaction stays open after its vouch is written, in ms. */
const LONGEST_TRANSACTION_MS = 60;

type Item = { id: number; status?: string };

/** The poller's copy: every item it was given, by id (the method says: replace by id). */
interface Poller {
  poll(): Promise<void>;
  readonly copy: Map<number, Item>;
}

// The documented method (docs/api-versioning.md, Sync): call the list's /sync with the last
// nextSyncToken (none the first time), apply the changes, keep the new token; again at once
// while hasMore.
function syncPoller(agent: Agent, path: string): Poller {
  const copy = new Map<number, Item>();
  let token: string | null = null;
  return {
    copy,
    async poll() {
      for (;;) {
        const res = await agent.get(path).query({ limit: 20, ...(token ? { sync_token: token } : {}) }).expect(200);
        const body = res.body as { changes: (Item & { removed?: true })[]; nextSyncToken: string; hasMore: boolean };
        for (const change of body.changes) {
          if (change.removed) copy.delete(change.id);
          else copy.set(change.id, change);
        }
        token = body.nextSyncToken;
        if (!body.hasMore) return;
      }
    },
  };
}

// The method documented before (the web's, best effort): the plain list with ?updated_since= the
// newest updatedAt held (none the first time), following the Link header's next pages.
function updatedSincePoller(agent: Agent, path: string): Poller {
  const copy = new Map<number, Item>();
  let since: string | null = null;
  return {
    copy,
    async poll() {
      let url: string | null = path;
      const query = { limit: 100, ...(since ? { updated_since: since } : {}) };
      for (let first = true; url; first = false) {
        const res: { body: unknown; headers: Record<string, string | undefined> } = await agent.get(url).query(first ? query : {}).expect(200);
        for (const vouch of res.body as (Item & { updatedAt: string })[]) {
          copy.set(vouch.id, vouch);
          if (!since || vouch.updatedAt > since) since = vouch.updatedAt;
        }
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      }
    },
  };
}

describeEachDatabase(
  'sync under concurrent writers',
  (t) => {
    it(`${RUNS[t.dialect]} runs of ${WRITERS} writers with transactions of random length: the poller misses nothing and holds each vouch once`, async () => {
      // Enterprise vouchers: their monthly allowance never refuses a vouch of the runs.
      const vouchers: number[] = [];
      for (let i = 0; i < WRITERS * VOUCHES_PER_WRITER; i += 1) {
        const member = await registerMember(t.db, { phone: newPhone(), firstName: 'Writer', lastName: `Number${String.fromCharCode(65 + (i % 26))}` });
        await subscribeWithLocalBilling(t.db, member.id, 'enterprise');
        vouchers.push(member.id);
      }
      const missedPerRun: number[] = [];
      const unknownPerRun: number[] = [];
      const controlMissedPerRun: number[] = [];
      for (let run = 0; run < RUNS[t.dialect]; run += 1) {
        const recipient = await signIn(t, ['Polly', 'Poller']);
        const poller = syncPoller(recipient.agent, '/api/vouches/pending-for-me/sync');
        // Only where commits can come out of order (on SQLite it never misses: no need to pay for it).
        const control = t.dialect === 'mysql' && run < CONTROL_RUNS ? updatedSincePoller(recipient.agent, '/api/vouches/pending-for-me') : null;
        const pollBoth = () => Promise.all([poller.poll(), control?.poll()]);
        await pollBoth();
        const written: number[] = [];
        let writing = true;
        const writers = Array.from({ length: WRITERS }, async (_, w) => {
          for (let k = 0; k < VOUCHES_PER_WRITER; k += 1) {
            const voucherId = vouchers[w * VOUCHES_PER_WRITER + k]!;
            const body = { type: 'recommendation', recipientName: 'Polly Poller', recipientPhone: recipient.phone, reason: `Run ${run}`, skills: 'Sync', characterTraits: null, accomplishments: null };
            // A joined transaction: the vouch's own transaction commits when this one does.
            const vouch = await t.db.transaction(async () => {
              const created = await createVouchAs(t.db, voucherId, body);
              await sleep(Math.random() * LONGEST_TRANSACTION_MS);
              return created;
            });
            written.push(vouch.id);
          }
        });
        const polling = (async () => {
          while (writing) await pollBoth();
        })();
        await Promise.all(writers);
        writing = false;
        await polling;
        await pollBoth();
        expect(new Set(written).size).toBe(WRITERS * VOUCHES_PER_WRITER);
        // After de-duplication by id the copy is exactly what was written, each as it now is.
        missedPerRun.push(written.filter((id) => poller.copy.get(id)?.status !== 'pending').length);
        unknownPerRun.push([...poller.copy.keys()].filter((id) => !written.includes(id)).length);
        if (control) controlMissedPerRun.push(written.filter((id) => !control.copy.has(id)).length);
      }
      const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
      expect({ missed: sum(missedPerRun), duplicatesOrUnknown: sum(unknownPerRun) }).toEqual({ missed: 0, duplicatesOrUnknown: 0 });
      if (t.dialect === 'mysql') {
        // The control: the same writes really commit out of order, which updated_since misses.
        console.info(`updated_since missed ${sum(controlMissedPerRun)} of ${CONTROL_RUNS * WRITERS * VOUCHES_PER_WRITER} vouches (per run: ${controlMissedPerRun.join(' ')})`);
        expect(sum(controlMissedPerRun)).toBeGreaterThan(0);
      }
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
