// Issue 26 item 8 and issue 40: a text message carries only our words, the names of the people
// involved (bounded, and left out when a name could read as a link) and our own link; nothing else
// a member wrote (a request's type, an ask's message) ever travels in it. On SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL.
import { renameMember } from '@vouch/service-auth';
import { listNotificationsOf } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type TestContext } from './support';

jest.setTimeout(60_000);

describeEachDatabase(
  'text messages carry our words and bounded names only',
  (t: TestContext) => {
    it('a long name is cut, and a request type or ask message never reaches a text', async () => {
      const requester = await signIn(t, ['Maximiliana'.padEnd(50, 'x'), 'Y'.repeat(50)]);
      const connector = await signIn(t, ['Ana', 'Ruiz']);
      const target = await signIn(t, ['Ben', 'Lee']);
      await vouchAndAccept(requester, connector, { skills: 'React' });
      await vouchAndAccept(connector, target, { skills: 'React' });
      const requestType = 'Hiring URGENT call +1 900 555 0000 now';
      const requestId = (await requester.agent.post('/api/introduction-requests').send({ requestType, desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201)).body.id;
      const suggestionId = (await connector.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: target.memberId, reasoning: 'Ben led our React rewrite' }).expect(201)).body.id;
      await requester.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);

      const asked = (await listNotificationsOf(t.db, target.memberId)).find((n) => n.kind === 'introduction_asked')!;
      expect(asked.textBody).toBe(`Vouch: ${'Maximiliana'.padEnd(39, 'x')}… would like an introduction to you, suggested by Ana Ruiz. Agree or decline within 14 days:`);

      await target.agent.post('/api/vouch-asks').send({ memberId: connector.memberId, message: 'Call +1 900 555 0000 for your prize' }).expect(201);
      const ask = (await listNotificationsOf(t.db, connector.memberId)).find((n) => n.kind === 'vouch_asked')!;
      expect(ask.textBody).toBe('Vouch: Ben Lee asked you for a Vouch. Vouch for them or decline:');
      for (const n of [asked, ask]) {
        expect(n.textBody).not.toContain('900');
        expect(n.textBody).not.toContain('URGENT');
      }
    });

    it('a name that could read as a link (one stored before the name rule refused it) is left out of the text', async () => {
      const asker = await signIn(t, ['Claire', 'Asker']);
      const asked = await signIn(t, ['Dan', 'Asked']);
      await vouchAndAccept(asker, asked);
      await renameMember(t.db, asker.memberId, { firstName: 'Claim /', lastName: 'your prize at vouch-help.co/x' });
      await asker.agent.post('/api/vouch-asks').send({ memberId: asked.memberId }).expect(201);
      const ask = (await listNotificationsOf(t.db, asked.memberId)).find((n) => n.kind === 'vouch_asked')!;
      expect(ask.textBody).toBe('Vouch: A member asked you for a Vouch. Vouch for them or decline:');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
