// Sync tokens (issue 45) as a mobile app uses them, on SQLite and (with TEST_DATABASE_URL)
// MariaDB: GET …/sync without a token gives the whole list in pages, then each nextSyncToken gives
// what was committed since: changes as the items now are, removals as RemovedItems. An account
// deleted and a member renamed reach the other party's copy; a removal outlives nothing a valid
// token needs, and a token past its window answers 410. (Concurrent writers: sync-concurrency.)
import { purgeSyncLog, purgeWindowDays, type ServiceDefinition } from '@vouch/service-core';
import vouchesService, { vouchesRouter } from '@vouch/service-vouches';
import { allServices } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, vouchAndAccept, type Agent, type SignedInMember } from './support';

jest.setTimeout(60_000);

/** The vouches clock moves by hand (a token's age); sign-in and the log keep real time. */
let now = Date.now();
const clock = () => new Date(now);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const vouchesWithClock: ServiceDefinition = { ...vouchesService, router: (ctx) => vouchesRouter({ ...ctx, clock }) };
const services = allServices.map((s) => (s.name === 'vouches' ? vouchesWithClock : s));

type Change = { id: number; removed?: true; reason?: string; detail?: string; status?: string; voucherName?: string; unread?: boolean; aboutMemberId?: number | null; [key: string]: unknown };
type SyncAnswer = { changes: Change[]; nextSyncToken: string; hasMore: boolean };

/** Follows hasMore from `token` (none: the whole list): every change in order, the token to keep, and how many answers it took. */
async function syncAll(agent: Agent, path: string, token: string | null, limit?: number): Promise<{ changes: Change[]; token: string; answers: number }> {
  const changes: Change[] = [];
  let answers = 0;
  for (;;) {
    const res = await agent
      .get(path)
      .query({ ...(token ? { sync_token: token } : {}), ...(limit ? { limit } : {}) })
      .expect(200);
    const body = res.body as SyncAnswer;
    answers += 1;
    changes.push(...body.changes);
    token = body.nextSyncToken;
    if (!body.hasMore) return { changes, token, answers };
  }
}

const recommendation = (recipientName: string, recipientPhone: string) => ({ type: 'recommendation', recipientName, recipientPhone, reason: 'Ran the launch.', characterTraits: 'Calm', skills: 'Launches', accomplishments: null });

describeEachDatabase(
  'sync tokens',
  (t) => {
    beforeEach(() => {
      now = Date.now();
    });

    describe('the vouch lists', () => {
      let victor: SignedInMember, rita: SignedInMember;
      beforeAll(async () => {
        victor = await signIn(t, ['Victor', 'Voucher']);
        rita = await signIn(t, ['Rita', 'Recipient']);
      });

      it('without a token: every vouch of the list in any state, in pages; then only what changed, as it now is', async () => {
        const sent = [];
        for (const name of ['Ann One', 'Bob Two', 'Cy Three']) sent.push((await victor.agent.post('/api/vouches').send(recommendation(name, newPhone())).expect(201)).body as Change);
        await victor.agent.post(`/api/vouches/${sent[0]!.id}/revoke`).expect(200);

        const first = await syncAll(victor.agent, '/api/vouches/my/sync', null, 2);
        expect(first.answers).toBe(2);
        expect(first.changes.map((v) => [v.id, v.status])).toEqual([
          [sent[0]!.id, 'revoked'],
          [sent[1]!.id, 'pending'],
          [sent[2]!.id, 'pending'],
        ]);

        // Nothing new: no changes, and a fresh token.
        const idle = await syncAll(victor.agent, '/api/vouches/my/sync', first.token);
        expect(idle.changes).toEqual([]);

        const fourth = (await victor.agent.post('/api/vouches').send(recommendation('Dee Four', newPhone())).expect(201)).body as Change;
        await victor.agent.post(`/api/vouches/${sent[1]!.id}/shared`).expect(200);
        await victor.agent.post(`/api/vouches/${sent[2]!.id}/revoke`).expect(200);
        const later = await syncAll(victor.agent, '/api/vouches/my/sync', idle.token);
        expect(later.changes.map((v) => [v.id, v.status])).toEqual([
          [fourth.id, 'pending'],
          [sent[1]!.id, 'pending'],
          [sent[2]!.id, 'revoked'],
        ]);
        expect(later.changes[1]!.lastSharedAt).not.toBeNull();
        expect((await syncAll(victor.agent, '/api/vouches/my/sync', later.token)).changes).toEqual([]);
      });

      it('the recipient: a vouch to her phone, then her answer, reach pending-for-me and received', async () => {
        const { token: forMe } = await syncAll(rita.agent, '/api/vouches/pending-for-me/sync', null);
        const { token: received } = await syncAll(rita.agent, '/api/vouches/received/sync', null);
        const vouch = (await victor.agent.post('/api/vouches').send(recommendation('Rita Recipient', rita.phone)).expect(201)).body as Change & { vouchToken: string };
        const waiting = await syncAll(rita.agent, '/api/vouches/pending-for-me/sync', forMe);
        expect(waiting.changes.map((v) => [v.id, v.status, v.voucherName])).toEqual([[vouch.id, 'pending', 'Victor Voucher']]);

        await rita.agent.post('/api/vouches/accept').send({ vouchToken: vouch.vouchToken, action: 'accept' }).expect(200);
        expect((await syncAll(rita.agent, '/api/vouches/pending-for-me/sync', waiting.token)).changes.map((v) => [v.id, v.status])).toEqual([[vouch.id, 'accepted']]);
        expect((await syncAll(rita.agent, '/api/vouches/received/sync', received)).changes.map((v) => [v.id, v.status, v.recipientId])).toEqual([[vouch.id, 'accepted', rita.memberId]]);
      });

      it("renaming the voucher is a change of every vouch they gave, in each party's copy", async () => {
        const vouchId = await vouchAndAccept(victor, rita);
        const before = (await rita.agent.get(`/api/vouches/${vouchId}`).expect(200)).body as Change;
        const { token: ritas } = await syncAll(rita.agent, '/api/vouches/received/sync', null);
        const { token: victors } = await syncAll(victor.agent, '/api/vouches/my/sync', null);
        now += 60_000;
        await victor.agent.patch('/api/profile').send({ firstName: 'Viktor', lastName: 'Renamed' }).expect(200);

        const hers = await syncAll(rita.agent, '/api/vouches/received/sync', ritas);
        expect(hers.changes.filter((v) => v.id === vouchId).map((v) => v.voucherName)).toEqual(['Viktor Renamed']);
        expect((await syncAll(victor.agent, '/api/vouches/my/sync', victors)).changes.every((v) => v.voucherName === 'Viktor Renamed')).toBe(true);
        // The web's best effort follows too: the vouch's updatedAt moved with the name.
        const after = (await rita.agent.get(`/api/vouches/${vouchId}`).expect(200)).body as Change;
        expect(Date.parse(after.updatedAt as string)).toBeGreaterThan(Date.parse(before.updatedAt as string));
      });

      it("after a phone change, a token of the old phone's pending-for-me answers 410: starting again gives the new phone's vouches, not the old one's", async () => {
        const quinn = await signIn(t, ['Quinn', 'Moving']);
        const later = newPhone();
        const toOld = ((await victor.agent.post('/api/vouches').send(recommendation('Quinn Moving', quinn.phone)).expect(201)).body as Change).id;
        const toNew = ((await victor.agent.post('/api/vouches').send(recommendation('Quinn Moving', later)).expect(201)).body as Change).id;
        const before = await syncAll(quinn.agent, '/api/vouches/pending-for-me/sync', null);
        expect(before.changes.map((v) => v.id)).toEqual([toOld]);
        const { token: mine } = await syncAll(quinn.agent, '/api/vouches/my/sync', null);

        const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone: later }).expect(200)).body;
        await quinn.agent.put('/api/account/phone').send({ phone: later, attemptId, otp: await latestCode(t, later) }).expect(200);
        const stale = await quinn.agent.get('/api/vouches/pending-for-me/sync').query({ sync_token: before.token }).expect(410);
        expect(stale.body).toMatchObject({ code: 'SYNC_TOKEN_EXPIRED', detail: expect.stringMatching(/phone number changed/) });
        const again = await syncAll(quinn.agent, '/api/vouches/pending-for-me/sync', null);
        expect(again.changes.map((v) => v.id)).toEqual([toNew]);
        // Her member's lists keep their tokens (the same copies).
        await quinn.agent.get('/api/vouches/my/sync').query({ sync_token: mine }).expect(200);
        // Another member's token is another copy too.
        await victor.agent.get('/api/vouches/pending-for-me/sync').query({ sync_token: again.token }).expect(410);
      });

      it('a token is refused by another list (400 SYNC_TOKEN_INVALID), as is one nobody gave out', async () => {
        const { token } = await syncAll(victor.agent, '/api/vouches/my/sync', null);
        for (const bad of [token.slice(0, -2), 'yesterday', '']) {
          const res = await victor.agent.get('/api/vouches/my/sync').query({ sync_token: bad }).expect(400);
          expect(res.body).toMatchObject({ code: 'SYNC_TOKEN_INVALID', errors: [{ field: 'sync_token' }] });
        }
        expect((await victor.agent.get('/api/vouches/received/sync').query({ sync_token: token }).expect(400)).body.code).toBe('SYNC_TOKEN_INVALID');
        await victor.agent.get('/api/vouches/my/sync').query({ limit: 0 }).expect(400);
        await t.request.get('/api/vouches/my/sync').expect(401);
      });
    });

    describe('an account deleted', () => {
      //   maya ──vouch──▶ eve (accepted)      eve ──vouch──▶ maya (accepted)
      //   eve ──vouch──▶ pia's phone (pending)   an introduction maya asks through ana, of eve
      let maya: SignedInMember, eve: SignedInMember, pia: SignedInMember, ana: SignedInMember;
      let mayaToEve: number, eveToMaya: number, eveToPia: number, introductionId: number;
      let tokens: Record<string, string>;
      beforeAll(async () => {
        [maya, eve, pia, ana] = [await signIn(t, ['Maya', 'Chen']), await signIn(t, ['Eve', 'Leaving']), await signIn(t, ['Pia', 'Pending']), await signIn(t, ['Ana', 'Connector'])];
        mayaToEve = await vouchAndAccept(maya, eve);
        eveToMaya = await vouchAndAccept(eve, maya);
        eveToPia = ((await eve.agent.post('/api/vouches').send(recommendation('Pia Pending', pia.phone)).expect(201)).body as Change).id;
        await vouchAndAccept(maya, ana);
        await vouchAndAccept(ana, eve);
        const requestId = (await maya.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'Go', reason: 'Team', context: null, degreeLevel: 2 }).expect(201)).body.id as number;
        const suggestionId = (await ana.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: eve.memberId, reasoning: 'Eve knows Go' }).expect(201)).body.id as number;
        await maya.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);
        introductionId = (await maya.agent.get('/api/introductions').expect(200)).body[0].id as number;
        tokens = {
          mayaSent: (await syncAll(maya.agent, '/api/vouches/my/sync', null)).token,
          mayaReceived: (await syncAll(maya.agent, '/api/vouches/received/sync', null)).token,
          mayaIntroductions: (await syncAll(maya.agent, '/api/introductions/sync', null)).token,
          anaIntroductions: (await syncAll(ana.agent, '/api/introductions/sync', null)).token,
          piaForMe: (await syncAll(pia.agent, '/api/vouches/pending-for-me/sync', null)).token,
          mayaActivities: (await syncAll(maya.agent, '/api/activities/sync', null)).token,
        };
        await eve.agent.delete('/api/account').expect(204);
      });

      it("the other party's vouch to them comes as a removed item, and GET of it says why (410), not a bare 404", async () => {
        const sent = await syncAll(maya.agent, '/api/vouches/my/sync', tokens.mayaSent!);
        expect(sent.changes).toEqual([{ id: mayaToEve, removed: true, reason: 'account_deleted', detail: expect.stringMatching(/deleted their account/) }]);
        const res = await maya.agent.get(`/api/vouches/${mayaToEve}`).expect(410);
        expect(res.body).toMatchObject({ code: 'DELETED_WITH_ACCOUNT', detail: sent.changes[0]!.detail });
        // A stranger still gets the 404 of an unknown id.
        await pia.agent.get(`/api/vouches/${mayaToEve}`).expect(404);
      });

      it('a vouch they gave and that was accepted stays, from "A former member"; a pending one goes', async () => {
        const received = await syncAll(maya.agent, '/api/vouches/received/sync', tokens.mayaReceived!);
        expect(received.changes.map((v) => [v.id, v.voucherName, v.voucherId])).toEqual([[eveToMaya, 'A former member', null]]);
        const toPia = await syncAll(pia.agent, '/api/vouches/pending-for-me/sync', tokens.piaForMe!);
        expect(toPia.changes).toEqual([expect.objectContaining({ id: eveToPia, removed: true, reason: 'account_deleted' })]);
      });

      it('an introduction with them goes from the other participants\' copies; GET of it is a 410', async () => {
        for (const [member, token] of [[maya, tokens.mayaIntroductions!], [ana, tokens.anaIntroductions!]] as const) {
          expect((await syncAll(member.agent, '/api/introductions/sync', token)).changes).toEqual([expect.objectContaining({ id: introductionId, removed: true })]);
          expect((await member.agent.get(`/api/introductions/${introductionId}`).expect(410)).body.code).toBe('DELETED_WITH_ACCOUNT');
        }
      });

      it('an activity about them no longer links them', async () => {
        const activities = await syncAll(maya.agent, '/api/activities/sync', tokens.mayaActivities!);
        expect(activities.changes.length).toBeGreaterThan(0);
        expect(activities.changes.every((a) => a.aboutMemberId === null && !a.removed)).toBe(true);
      });
    });

    describe('introductions and requests', () => {
      it("a request's suggestions and an introduction's answer come as changes; a participant's rename too", async () => {
        const [r, a, b] = [await signIn(t, ['Rosa', 'Requester']), await signIn(t, ['Ana', 'Middle']), await signIn(t, ['Ben', 'Target'])];
        await vouchAndAccept(r, a);
        await vouchAndAccept(a, b);
        const { token: requests } = await syncAll(r.agent, '/api/introduction-requests/my/sync', null);
        const requestId = (await r.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'React', reason: 'Team', context: null, degreeLevel: 2 }).expect(201)).body.id as number;
        const suggestionId = (await a.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: b.memberId, reasoning: 'Ben knows React' }).expect(201)).body.id as number;
        const made = await syncAll(r.agent, '/api/introduction-requests/my/sync', requests);
        expect(made.changes.map((x) => [x.id, x.status, x.suggestionCount])).toEqual([[requestId, 'collecting_suggestions', 1]]);

        const { token: bens } = await syncAll(b.agent, '/api/introductions/sync', null);
        await r.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);
        const asked = await syncAll(b.agent, '/api/introductions/sync', bens);
        expect(asked.changes.map((x) => [x.status, x.role])).toEqual([['awaiting_target', 'target']]);
        await b.agent.post(`/api/introductions/${asked.changes[0]!.id}/accept`).expect(200);
        await r.agent.patch('/api/profile').send({ firstName: 'Rosa', lastName: 'Renamed' }).expect(200);
        const answered = await syncAll(b.agent, '/api/introductions/sync', asked.token);
        expect(answered.changes.map((x) => [x.id, x.status, (x.requester as { name: string }).name])).toEqual([[asked.changes[0]!.id, 'introduced', 'Rosa Renamed']]);
        expect((await syncAll(r.agent, '/api/introduction-requests/my/sync', made.token)).changes.map((x) => x.status)).toEqual(['completed']);
      });
    });

    describe('a request addressed to a member', () => {
      it("its target's and connector's renames come as changes of the requester's copy, with the new names", async () => {
        const [rosa, ana, ben] = [await signIn(t, ['Rosa', 'Asking']), await signIn(t, ['Ana', 'Between']), await signIn(t, ['Ben', 'Asked'])];
        await vouchAndAccept(rosa, ana);
        await vouchAndAccept(ana, ben);
        const requestId = (await rosa.agent.post('/api/introduction-requests').send({ targetId: ben.memberId, connectorId: ana.memberId, reason: 'Ben runs the design system.' }).expect(201)).body.id as number;
        const { token } = await syncAll(rosa.agent, '/api/introduction-requests/my/sync', null);
        const names = (changes: Change[]) => changes.map((x) => [x.id, (x.addressedTo as { name: string }).name, (x.connector as { name: string }).name]);

        await ana.agent.patch('/api/profile').send({ firstName: 'Ana', lastName: 'Renamed' }).expect(200);
        const first = await syncAll(rosa.agent, '/api/introduction-requests/my/sync', token);
        expect(names(first.changes)).toEqual([[requestId, 'Ben Asked', 'Ana Renamed']]);
        await ben.agent.patch('/api/profile').send({ firstName: 'Ben', lastName: 'Renamed' }).expect(200);
        const second = await syncAll(rosa.agent, '/api/introduction-requests/my/sync', first.token);
        expect(names(second.changes)).toEqual([[requestId, 'Ben Renamed', 'Ana Renamed']]);
        expect((await syncAll(rosa.agent, '/api/introduction-requests/my/sync', second.token)).changes).toEqual([]);
      });
    });

    describe('the activity feed', () => {
      it('new activities, and marking them seen on any device, come as changes', async () => {
        const [sam, tia] = [await signIn(t, ['Sam', 'Seen']), await signIn(t, ['Tia', 'Other'])];
        const { token } = await syncAll(sam.agent, '/api/activities/sync', null);
        await vouchAndAccept(sam, tia);
        const fresh = await syncAll(sam.agent, '/api/activities/sync', token);
        const accepted = fresh.changes.find((a) => a.type === 'vouch_accepted')!;
        expect(accepted.unread).toBe(true);
        await sam.agent.post('/api/activities/seen').send({}).expect(200);
        const seen = await syncAll(sam.agent, '/api/activities/sync', fresh.token);
        expect(seen.changes.map((a) => [a.id, a.unread])).toEqual([[accepted.id, false]]);
      });
    });

    describe('the token window (SYNC_TOKEN_DAYS, 30 by default)', () => {
      it('a removal reaches a token of 29 days; a token of 31 days answers 410 SYNC_TOKEN_EXPIRED; a purge then forgets the removal', async () => {
        const [kim, lea] = [await signIn(t, ['Kim', 'Keeper']), await signIn(t, ['Lea', 'Leaving'])];
        const vouchId = await vouchAndAccept(kim, lea);
        const { token } = await syncAll(kim.agent, '/api/vouches/my/sync', null);
        await lea.agent.delete('/api/account').expect(204);

        now = Date.now() + 29 * DAY;
        expect((await syncAll(kim.agent, '/api/vouches/my/sync', token)).changes).toEqual([expect.objectContaining({ id: vouchId, removed: true })]);
        now = Date.now() + 31 * DAY;
        const expired = await kim.agent.get('/api/vouches/my/sync').query({ sync_token: token }).expect(410);
        expect(expired.body).toMatchObject({ code: 'SYNC_TOKEN_EXPIRED', detail: expect.stringMatching(/sync again without it/) });
        // While the log keeps it, GET says why; once purged past the window, the plain 404.
        expect((await kim.agent.get(`/api/vouches/${vouchId}`).expect(410)).body.code).toBe('DELETED_WITH_ACCOUNT');
        while ((await purgeSyncLog(t.db, new Date(Date.now() + 32 * DAY), 30)) > 0);
        await kim.agent.get(`/api/vouches/${vouchId}`).expect(404);
        // Starting again works: the whole list, and a token that is valid now.
        const again = await syncAll(kim.agent, '/api/vouches/my/sync', null);
        expect(again.changes.map((v) => v.id)).not.toContain(vouchId);
        await kim.agent.get('/api/vouches/my/sync').query({ sync_token: again.token }).expect(200);
      });

      it('the purge keeps the window the tokens use (the config): at 30 days 23 hours a removal stays, and a token of 29.9 days gets it', async () => {
        const [max, nel] = [await signIn(t, ['Max', 'Keeper']), await signIn(t, ['Nel', 'Leaving'])];
        const vouchId = await vouchAndAccept(max, nel);
        const { token } = await syncAll(max.agent, '/api/vouches/my/sync', null);
        await nel.agent.delete('/api/account').expect(204);
        // The window the sync routes were built with (SYNC_TOKEN_DAYS unset: 30) is the purge's.
        expect(purgeWindowDays(t.db)).toBe(30);
        expect(await purgeSyncLog(t.db, new Date(Date.now() + 30 * DAY + 23 * HOUR), purgeWindowDays(t.db)!)).toBe(0);
        now = Date.now() + 29.9 * DAY;
        expect((await syncAll(max.agent, '/api/vouches/my/sync', token)).changes).toEqual([expect.objectContaining({ id: vouchId, removed: true })]);
      });
    });
  },
  { services, env: { ...GENEROUS_AUTH_LIMITS } },
);
