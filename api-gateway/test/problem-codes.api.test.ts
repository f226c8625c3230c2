// Stable problem codes (issue 18): an app tells "no vouch yet", "plan tier" and "phone
// mismatch" apart by `code`, not by the English detail, and can quote the request id.
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
      await t.request.post('/api/auth/request-otp').send({ phone }).expect(200);
      await app.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone) }).expect(200);
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

    it('every code seen is one the document lists', () => {
      for (const code of ['SESSION_MISSING', 'REGISTRATION_INCOMPLETE', 'NO_VOUCH_YET', 'PLAN_TIER', 'VALIDATION_FAILED', 'PHONE_MISMATCH', 'ALREADY_RESPONDED', 'PLAN_LIMIT']) {
        expect(documented).toContain(code);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
