// Issue 43 item 4: one text rule for every member-written field. A table of every field members
// write × every character that would let their text pass for something else; each is a 400
// naming the field, and nothing is stored. Names also refuse mixed alphabets in a word, a word of
// look-alike letters, the product's and staff's names and links. SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL.
import { personNameMessages } from '@vouch/contracts';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

jest.setTimeout(120_000);

/** Characters no member-written text may hold, by what they do. */
const BAD_CHARACTERS: [string, string][] = [
  ['a right-to-left override (U+202E)', '\u202E'],
  ['a right-to-left isolate (U+2067)', '\u2067'],
  ['a right-to-left mark (U+200F)', '\u200F'],
  ['a line separator (U+2028)', '\u2028'],
  ['a paragraph separator (U+2029)', '\u2029'],
  ['a next-line control (U+0085)', '\u0085'],
  ['an escape control (U+001B)', '\u001B'],
];

interface Field {
  /** What the table row is called. */
  name: string;
  /** The field as the problem's `errors` name it. */
  field: string;
  /** Sends `text` in this field; resolves with the answer. */
  send(text: string): Promise<{ status: number; body: { errors?: { field: string; message: string }[]; detail?: string } }>;
}

describeEachDatabase(
  'one rule for member-written text (issue 43 item 4)',
  (t: TestContext) => {
    let ada: SignedInMember;
    let ben: SignedInMember;
    let cara: SignedInMember;
    let requestId: number;
    let addressedId: number;
    let registering: ReturnType<TestContext['agent']>;
    const fields: Field[] = [];

    beforeAll(async () => {
      ada = await signIn(t, ['Ada', 'Writer']);
      ben = await signIn(t, ['Ben', 'Reader']);
      await vouchAndAccept(ada, ben);
      requestId = (await ben.agent.post('/api/introduction-requests').send({ requestType: 'Mentorship', desiredSkills: 'Go', reason: 'Learning', degreeLevel: 1 }).expect(201)).body.id;
      // Cara is Ada's 2° through Ben: Ada asks Ben to introduce her; Ben answers with a note.
      cara = await signIn(t, ['Cara', 'Target']);
      await vouchAndAccept(ben, cara);
      addressedId = (await ada.agent.post('/api/introduction-requests').send({ targetId: cara.memberId, connectorId: ben.memberId, reason: 'Design systems' }).expect(201)).body.id;
      // A phone verified but not named yet: the names step.
      const phone = newPhone();
      registering = t.agent();
      const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      await registering.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId }).expect(200);

      const vouch = (patch: Record<string, unknown>) =>
        ada.agent.post('/api/vouches').send({ type: 'recommendation', recipientName: 'Rita Recipient', recipientPhone: newPhone(), reason: 'Ran the launch', characterTraits: 'Calm', skills: 'Launches', accomplishments: null, ...patch });
      const addressed = (patch: Record<string, unknown>) => ada.agent.post('/api/introduction-requests').send({ targetId: cara.memberId, connectorId: ben.memberId, reason: 'Design systems', context: null, ...patch });
      const answer = (action: 'forward' | 'decline', note: string) => ben.agent.post(`/api/introduction-requests/${addressedId}/${action}`).send({ note });
      const intro = (patch: Record<string, unknown>) => ada.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'Rust', reason: 'Hiring a lead', context: null, degreeLevel: 1, ...patch });
      fields.push(
        { name: 'registration: first name', field: 'firstName', send: (text) => registering.post('/api/auth/complete-registration').send({ firstName: `Zo${text}e`, lastName: 'Name' }) },
        { name: 'registration: last name', field: 'lastName', send: (text) => registering.post('/api/auth/complete-registration').send({ firstName: 'Zoe', lastName: `Na${text}me` }) },
        { name: 'profile: first name', field: 'firstName', send: (text) => ada.agent.patch('/api/profile').send({ firstName: `A${text}da`, lastName: 'Writer' }) },
        { name: 'profile: headline', field: 'headline', send: (text) => ada.agent.patch('/api/profile').send({ headline: `Designer ${text}at Acme` }) },
        { name: 'profile: bio', field: 'customBio', send: (text) => ada.agent.patch('/api/profile').send({ customBio: `I build ${text}things` }) },
        { name: 'vouch: recipient name', field: 'recipientName', send: (text) => vouch({ recipientName: `Rita ${text}Recipient` }) },
        { name: 'vouch: reason', field: 'reason', send: (text) => vouch({ reason: `Ran the ${text}launch` }) },
        { name: 'vouch: character traits', field: 'characterTraits', send: (text) => vouch({ characterTraits: `Calm ${text}under fire` }) },
        { name: 'vouch: skills', field: 'skills', send: (text) => vouch({ skills: `Launches ${text}fast` }) },
        { name: 'vouch: accomplishments', field: 'accomplishments', send: (text) => vouch({ accomplishments: `Shipped ${text}v2` }) },
        { name: 'ask for a vouch: message', field: 'message', send: (text) => ada.agent.post('/api/vouch-asks').send({ memberId: ben.memberId, message: `Would you ${text}vouch?` }) },
        { name: 'introduction request: type', field: 'requestType', send: (text) => intro({ requestType: `Hiring ${text}now` }) },
        { name: 'introduction request: desired skills', field: 'desiredSkills', send: (text) => intro({ desiredSkills: `Rust ${text}and Go` }) },
        { name: 'introduction request: reason', field: 'reason', send: (text) => intro({ reason: `Hiring ${text}a lead` }) },
        { name: 'introduction request: context', field: 'context', send: (text) => intro({ context: `Remote ${text}is fine` }) },
        { name: 'addressed introduction request: reason', field: 'reason', send: (text) => addressed({ reason: `Design ${text}systems` }) },
        { name: 'addressed introduction request: context', field: 'context', send: (text) => addressed({ context: `We met ${text}at a talk` }) },
        { name: 'connector: forward note', field: 'note', send: (text) => answer('forward', `Happy ${text}to help`) },
        { name: 'connector: decline note', field: 'note', send: (text) => answer('decline', `Not ${text}now`) },
        { name: 'suggestion: reasoning', field: 'reasoning', send: (text) => ada.agent.post('/api/introduction-suggestions').send({ requestId, isSelfSuggestion: true, reasoning: `I know ${text}Go` }) },
      );
    });

    it('every member-written field × every character that changes how text reads: a 400 naming the field, nothing stored', async () => {
      const before = (await ada.agent.get('/api/profile/my-summary').expect(200)).body.profile;
      const sentBefore = (await ada.agent.get('/api/vouches/my').expect(200)).body.length;
      const requestsBefore = (await ada.agent.get('/api/introduction-requests/my').expect(200)).body.length;
      const refusals: string[] = [];
      for (const field of fields) {
        for (const [what, character] of BAD_CHARACTERS) {
          const res = await field.send(character);
          const named = res.body.errors?.find((error) => error.field === field.field);
          if (res.status !== 400 || !named) refusals.push(`${field.name} with ${what}: ${res.status} ${JSON.stringify(res.body)}`);
          else expect(named.message).toMatch(/cannot contain|must be one line|must contain letters/);
        }
      }
      expect(refusals).toEqual([]);
      const after = (await ada.agent.get('/api/profile/my-summary').expect(200)).body.profile;
      expect(after).toEqual(before);
      expect((await ada.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(sentBefore);
      expect((await ada.agent.get('/api/introduction-requests/my').expect(200)).body).toHaveLength(requestsBefore);
      const asked = (await ben.agent.get('/api/introduction-requests/as-connector').expect(200)).body as { id: number; status: string; note: string | null }[];
      expect(asked.find((r) => r.id === addressedId)).toMatchObject({ status: 'awaiting_connector', note: null });
      await registering.get('/api/user/profile').expect(401);
    });

    it('multi-line fields keep ordinary line breaks; one-line fields refuse them', async () => {
      await ada.agent.patch('/api/profile').send({ customBio: 'First line.\nSecond line.' }).expect(200);
      const headline = await ada.agent.patch('/api/profile').send({ headline: 'Designer\nat Acme' }).expect(400);
      expect(headline.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'headline' })]));
      const type = await ada.agent.post('/api/introduction-requests').send({ requestType: 'Hiring\nnow', desiredSkills: 'Rust', reason: 'Hiring', degreeLevel: 1 }).expect(400);
      expect(type.body.errors).toEqual(expect.arrayContaining([{ field: 'requestType', message: 'The request type must be one line, without control characters.' }]));
    });

    it('names refuse mixed alphabets in a word, look-alike words, the product and its staff, and links, wherever a name is typed', async () => {
      const cases: [string, [string, string], (label: string) => string][] = [
        ['a Cyrillic М and а among Latin letters', ['Маyа', 'Chen'], personNameMessages.mixedScripts],
        ['Vouch Support Team', ['Vouch', 'Support Team'], personNameMessages.staff],
        ['a link', ['jane.example', 'Chen'], personNameMessages.link],
      ];
      for (const [what, [first, last], message] of cases) {
        const registration = await registering.post('/api/auth/complete-registration').send({ firstName: first, lastName: last }).expect(400);
        expect({ what, errors: registration.body.errors }).toEqual({ what, errors: expect.arrayContaining([{ field: 'firstName', message: message('First name') }]) });
        const profile = await ada.agent.patch('/api/profile').send({ firstName: first, lastName: last }).expect(400);
        expect({ what, errors: profile.body.errors }).toEqual({ what, errors: expect.arrayContaining([{ field: 'firstName', message: message('First name') }]) });
        const vouch = await ada.agent.post('/api/vouches').send({ type: 'invite', recipientName: `${first} ${last}`, recipientPhone: newPhone(), reason: null, skills: null, characterTraits: null, accomplishments: null }).expect(400);
        expect({ what, errors: vouch.body.errors }).toEqual({ what, errors: expect.arrayContaining([{ field: 'recipientName', message: message("The recipient's name") }]) });
      }
      // A word of Cyrillic letters that only look Latin, beside a Latin one: read together.
      const lookalike = await registering.post('/api/auth/complete-registration').send({ firstName: 'Мауа', lastName: 'Chen' }).expect(400);
      expect(lookalike.body.errors).toEqual([{ field: 'firstName', message: personNameMessages.lookalike('Your name') }]);
      // Names in one alphabet each are names.
      await registering.post('/api/auth/complete-registration').send({ firstName: 'Мария', lastName: 'Иванова' }).expect(201);
      expect((await ada.agent.patch('/api/profile').send({ firstName: 'Ada', lastName: 'Voucher' }).expect(200)).body.user.name).toBe('Ada Voucher');
    });

    it('a recipient name stored before the rule never becomes a member name through the link: they start as "New Member"', async () => {
      const phone = newPhone();
      const sent = await ada.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Rita Recipient', recipientPhone: phone, reason: null, skills: null, characterTraits: null, accomplishments: null }).expect(201);
      await t.db.sequelize.query('UPDATE vouches SET recipient_name = :name WHERE id = :id', { replacements: { name: 'Vouch Support Team', id: sent.body.id } });
      const recipient = await signIn(t, ['x', 'y'], { phone, vouchToken: sent.body.vouchToken });
      expect(recipient.name).toBe('New Member');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
