// Issue 26 item 7: one rule for a person's name wherever one is typed (registration, PATCH
// /api/profile, a vouch's recipient name), on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { personNameMessage, VOUCH_MESSAGES } from '@vouch/contracts';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, type TestContext } from './support';

jest.setTimeout(60_000);

/** Names a reader would misread: markup, a right-to-left override, a zero-width space, a line break. */
const BAD_NAMES = ['<b>Eve</b>', 'Eve\u202Egnp.exe', 'Ev\u200Be', 'Eve\nAdmin', '\u2066Eve\u2069'];

describeEachDatabase(
  'one name rule (issue 26 item 7)',
  (t: TestContext) => {
    it('complete-registration refuses markup, bidi controls and zero-width characters with a clear 400', async () => {
      const phone = newPhone();
      const agent = t.agent();
      const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      await agent.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId }).expect(200);
      for (const bad of BAD_NAMES) {
        const res = await agent.post('/api/auth/complete-registration').send({ firstName: bad, lastName: 'Smith' }).expect(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'firstName', message: personNameMessage('First name') })]));
      }
      // Accents, apostrophes, hyphens and other scripts are names.
      const ok = await agent.post('/api/auth/complete-registration').send({ firstName: "Zoë-Anne", lastName: "O'Brien 李" }).expect(201);
      expect(ok.body.user.name).toBe("Zoë-Anne O'Brien 李");
    });

    it('PATCH /api/profile refuses the same names, bidi controls included', async () => {
      const member = await signIn(t, ['Pat', 'Lee']);
      for (const bad of BAD_NAMES) {
        const res = await member.agent.patch('/api/profile').send({ firstName: 'Pat', lastName: bad }).expect(400);
        expect(res.body.detail).toContain(personNameMessage('Last name'));
      }
      expect((await member.agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Pat Lee');
    });

    it("a vouch's recipient name follows the rule, so it cannot become a member's name through the link", async () => {
      const voucher = await signIn(t, ['Vic', 'Voucher']);
      for (const bad of BAD_NAMES) {
        const res = await voucher.agent
          .post('/api/vouches')
          .send({ type: 'invite', recipientName: bad, recipientPhone: newPhone(), reason: null, skills: null, characterTraits: null, accomplishments: null })
          .expect(400);
        expect(res.body.errors).toEqual(expect.arrayContaining([{ field: 'recipientName', message: VOUCH_MESSAGES.nameShape }]));
      }
      const phone = newPhone();
      const created = await voucher.agent
        .post('/api/vouches')
        .send({ type: 'invite', recipientName: 'Rita Recipient', recipientPhone: phone, reason: null, skills: null, characterTraits: null, accomplishments: null })
        .expect(201);
      const rita = await signIn(t, ['x', 'y'], { phone, vouchToken: created.body.vouchToken });
      expect(rita.name).toBe('Rita Recipient');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
