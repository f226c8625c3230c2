// Issue 26 item 8: member-typed text inside an SMS (a requester's name, the free-text request
// type) is placed in our templates and bounded; on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { TEXT_FIELD_MAX_LENGTH, TEXT_MESSAGE_MAX_LENGTH } from '@vouch/service-auth';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type TestContext } from './support';

jest.setTimeout(60_000);

describeEachDatabase(
  'text messages carry bounded member text (issue 26 item 8)',
  (t: TestContext) => {
    it('a 100-character request type and a 50+50 character name reach the SMS cut to the template bounds', async () => {
      const longFirst = 'Maximiliana'.padEnd(50, 'x');
      const requester = await signIn(t, [longFirst, 'Y'.repeat(50)]);
      const connector = await signIn(t, ['Ana', 'Ruiz']);
      const target = await signIn(t, ['Ben', 'Lee']);
      await vouchAndAccept(requester, connector, { skills: 'React' });
      await vouchAndAccept(connector, target, { skills: 'React' });
      const requestType = `Hiring ${'URGENT call +1 900 555 0000 now '.repeat(3)}`.slice(0, 100);
      const requestId = (await requester.agent.post('/api/introduction-requests').send({ requestType, desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201)).body.id;
      const suggestionId = (await connector.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: target.memberId, reasoning: 'Ben led our React rewrite' }).expect(201)).body.id;
      await requester.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);

      const outbox = (await t.request.get('/api/dev/sms-outbox').expect(200)).body.messages as { to: string; body: string; code: string | null }[];
      const text = outbox.find((m) => m.to === target.phone && m.code === null)!;
      expect(text.body.length).toBeLessThanOrEqual(TEXT_MESSAGE_MAX_LENGTH);
      // Our words stay whole; each member's field is cut to TEXT_FIELD_MAX_LENGTH characters, ending "…".
      const fields = /^Vouch: (.+) would like an introduction to you \((.+)\), suggested by Ana Ruiz\. Open Vouch → Introduction Requests → Introductions to agree or decline within 14 days\.$/.exec(text.body);
      expect(fields).not.toBeNull();
      expect([...fields![1]!]).toHaveLength(TEXT_FIELD_MAX_LENGTH);
      expect(fields![1]!.endsWith('…')).toBe(true);
      expect([...fields![2]!].length).toBeLessThanOrEqual(TEXT_FIELD_MAX_LENGTH);
      expect(fields![2]!.startsWith('Hiring URGENT')).toBe(true);
      expect(fields![2]!.endsWith('…')).toBe(true);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
