// Stable problem codes (issue 18, issue 29 item 7): an app tells each cause apart by `code`, not
// by the English detail, finds it explained at its `type`, and can quote the request id.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, type SignedInMember } from './support';

const recommendation = (recipientPhone: string) => ({ type: 'recommendation', recipientName: 'Rita Recipient', recipientPhone, reason: 'Ran the launch.', skills: 'Launches' });
const introduction = (degreeLevel: number) => ({ requestType: 'Mentor', desiredSkills: 'Go', reason: 'Learning', degreeLevel });

describeEachDatabase(
  'problem codes',
  (t) => {
    let victor: SignedInMember, rita: SignedInMember, sam: SignedInMember;
    let documented: string[];

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      rita = await signIn(t, ['Rita', 'Recipient']);
      sam = await signIn(t, ['Sam', 'Stranger']);
      documented = (await t.request.get('/api/openapi.json').expect(200)).body.components.schemas.ProblemCode.enum;
    });

    it('an anonymous call is SESSION_MISSING, and the body carries the request id', async () => {
      const res = await t.request.get('/api/vouches/my').set('X-Request-Id', 'mobile-123').expect(401);
      expect(res.body).toMatchObject({ status: 401, code: 'SESSION_MISSING', requestId: 'mobile-123', detail: 'Not authenticated' });
      const generated = await t.request.get('/api/vouches/my').expect(401);
      expect(generated.body.requestId).toBe(generated.headers['x-request-id']);
    });

    it('a verified phone without a name yet is REGISTRATION_INCOMPLETE', async () => {
      const phone = newPhone();
      const app = t.agent();
      const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      await app.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId }).expect(200);
      const res = await app.get('/api/vouches/my').expect(401);
      expect(res.body).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', detail: 'Registration is not complete: add your name first.' });
    });

    it('NO_VOUCH_YET, then PLAN_TIER, for introduction requests; VALIDATION_FAILED for bad input', async () => {
      expect((await sam.agent.post('/api/introduction-requests').send(introduction(1)).expect(403)).body.code).toBe('NO_VOUCH_YET');
      const sent = (await victor.agent.post('/api/vouches').send(recommendation(rita.phone)).expect(201)).body;
      await rita.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'accept' }).expect(200);
      expect((await rita.agent.post('/api/introduction-requests').send(introduction(3)).expect(403)).body.code).toBe('PLAN_TIER');
      const invalid = (await rita.agent.post('/api/introduction-requests').send({ degreeLevel: 1 }).expect(400)).body;
      expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Please fill in all required fields' });
    });

    it('PHONE_MISMATCH for someone else’s vouch, ALREADY_RESPONDED for a second answer', async () => {
      const sent = (await victor.agent.post('/api/vouches').send(recommendation(rita.phone)).expect(201)).body;
      expect((await sam.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'accept' }).expect(403)).body.code).toBe('PHONE_MISMATCH');
      await rita.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'reject' }).expect(200);
      const again = (await rita.agent.put('/api/vouches/respond').send({ vouchToken: sent.vouchToken, action: 'accept' }).expect(409)).body;
      expect(again).toMatchObject({ code: 'ALREADY_RESPONDED', detail: 'This Vouch has already been rejected.' });
    });

    it('one code per sign-in code failure: OTP_NOT_REQUESTED, OTP_INCORRECT, then OTP_ATTEMPTS_EXHAUSTED', async () => {
      const phone = newPhone();
      let attemptId = 'no-such-attempt';
      const verify = (otp: string) => t.request.post('/api/auth/verify-otp').send({ phone, otp, attemptId });
      expect((await verify('123456').expect(400)).body).toMatchObject({ code: 'OTP_NOT_REQUESTED', errors: [{ field: 'attemptId' }] });
      attemptId = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body.attemptId;
      const right = await latestCode(t, phone);
      const wrong = right === '000000' ? '111111' : '000000';
      const first = (await verify(wrong).expect(400)).body;
      expect(first).toMatchObject({ code: 'OTP_INCORRECT', type: '/docs/errors#OTP_INCORRECT', errors: [{ field: 'otp' }] });
      expect(first.detail).toMatch(/4 tries left/);
      for (let i = 0; i < 3; i += 1) expect((await verify(wrong).expect(400)).body.code).toBe('OTP_INCORRECT');
      expect((await verify(wrong).expect(400)).body.code).toBe('OTP_ATTEMPTS_EXHAUSTED');
      // Used up: even the right code no longer works.
      expect((await verify(right).expect(400)).body.code).toBe('OTP_ATTEMPTS_EXHAUSTED');
    });

    it('VOUCH_ALREADY_REVOKED for a second revoke, OWN_VOUCH for answering my own, NOT_REQUESTER and OWN_REQUEST on a request', async () => {
      const sent = (await victor.agent.post('/api/vouches').send(recommendation(newPhone())).expect(201)).body;
      await victor.agent.post(`/api/vouches/${sent.id}/revoke`).expect(200);
      expect((await victor.agent.post(`/api/vouches/${sent.id}/revoke`).expect(409)).body).toMatchObject({ code: 'VOUCH_ALREADY_REVOKED', detail: 'This Vouch has already been revoked.' });
      const mine = (await victor.agent.post('/api/vouches').send(recommendation(newPhone())).expect(201)).body;
      expect((await victor.agent.post('/api/vouches/accept').send({ vouchToken: mine.vouchToken, action: 'accept' }).expect(403)).body.code).toBe('OWN_VOUCH');
      // Rita was vouched for by Victor (an earlier test): she may ask, he sees her request.
      const request = (await rita.agent.post('/api/introduction-requests').send(introduction(1)).expect(201)).body;
      expect((await victor.agent.post(`/api/introduction-requests/${request.id}/cancel`).expect(403)).body.code).toBe('NOT_REQUESTER');
      const own = await rita.agent.post('/api/introduction-suggestions').send({ requestId: request.id, suggestedPersonId: victor.memberId, reasoning: 'He knows Go.' }).expect(403);
      expect(own.body.code).toBe('OWN_REQUEST');
    });

    it('names each code on the errors page its type points to; messages are English whatever Accept-Language asks', async () => {
      const res = await t.request.get('/api/vouches/my').set('Accept-Language', 'fr-FR, fr;q=0.9').expect(401);
      expect(res.headers['content-language']).toBe('en');
      expect(res.body.type).toBe('/docs/errors#SESSION_MISSING');
      const page = await t.request.get(res.body.type.split('#')[0]).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      for (const code of documented) expect(page.text).toContain(`<tr id="${code}">`);
    });

    it('every code seen is one the document lists', () => {
      for (const code of ['SESSION_MISSING', 'REGISTRATION_INCOMPLETE', 'NO_VOUCH_YET', 'PLAN_TIER', 'VALIDATION_FAILED', 'PHONE_MISMATCH', 'ALREADY_RESPONDED', 'PLAN_LIMIT', 'OTP_INCORRECT', 'OTP_NOT_REQUESTED', 'OTP_ATTEMPTS_EXHAUSTED', 'VOUCH_ALREADY_REVOKED', 'OWN_VOUCH', 'NOT_REQUESTER', 'OWN_REQUEST']) {
        expect(documented).toContain(code);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
