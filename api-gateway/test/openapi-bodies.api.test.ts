// Issue 45: a body that passes a client's validator (ajv, reading the API document) is one the server
// takes, and one the server refuses with 400 fails the validator first. A table of profile URLs
// (PATCH /profile) and of vouch bodies (POST /vouches: a recommendation's reason and categories,
// the recipient's name), each sent to the real server, on SQLite and (with TEST_DATABASE_URL) MariaDB.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { allServices } from '../src';
import { buildOpenApiDocument } from '../src/openapi';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type SignedInMember } from './support';

jest.setTimeout(60_000);

type Schema = Record<string, unknown>;
const doc = buildOpenApiDocument(allServices) as unknown as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>; components: Schema };
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const bodyValidator = (path: string, method: string) => ajv.compile({ ...doc.paths[path]![method]!.requestBody.content['application/json']!.schema, components: doc.components });

const SLUGS: [string, unknown][] = [
  ['a plain one', 'jane-doe'],
  ['digits', 'pp-2026'],
  ['the shortest', 'abc'],
  ['the longest', 'a'.repeat(60)],
  ['upper case (lowered)', 'Jane-Doe-Two'],
  ['spaces around (trimmed)', '  jane-doe-three \t'],
  ['a reserved word inside a longer one', 'stats-2'],
  ['a staff word inside a longer one (issue 43)', 'admin-2'],
  ['the product name as one word', 'jane-vouch-hq'],
  ['too short', 'ab'],
  ['too short once trimmed', '  ab  '],
  ['too long', 'a'.repeat(61)],
  ['a leading hyphen', '-jane'],
  ['a trailing hyphen', 'jane-'],
  ['two hyphens', 'jane--doe'],
  ['an underscore', 'jane_doe'],
  ['a space inside', 'jane doe'],
  ['an accent', 'jané-doe'],
  ['the Kelvin sign, which lowers to k', '\u212Aate-k'],
  ['a reserved word', 'admin'],
  ['a reserved word in capitals', 'Sign-In'],
  ['a reserved word with spaces', ' support '],
  ['empty', ''],
  ['blank', '   '],
  ['a number', 12345],
  ['null', null],
];

const recommendation = { type: 'recommendation', recipientName: 'Rae Recipient', reason: 'Shipped the launch.', skills: 'Go', characterTraits: null, accomplishments: null };
const VOUCHES: [string, Record<string, unknown>][] = [
  ['a recommendation', recommendation],
  ['only accomplishments', { ...recommendation, skills: null, accomplishments: 'Ran the migration' }],
  ['a category with spaces around', { ...recommendation, skills: null, characterTraits: '\tCalm ' }],
  ['no category', { ...recommendation, skills: null }],
  ['categories left out', { type: 'recommendation', recipientName: 'Rae Recipient', reason: 'Shipped it.' }],
  ['blank categories', { ...recommendation, skills: '  ', characterTraits: '', accomplishments: '\n' }],
  ['a null reason', { ...recommendation, reason: null }],
  ['an empty reason', { ...recommendation, reason: '' }],
  ['a blank reason', { ...recommendation, reason: ' \t\n' }],
  ['no reason', { type: 'recommendation', recipientName: 'Rae Recipient', skills: 'Go' }],
  ['an invite with nothing more', { type: 'invite', recipientName: 'Ivy Invited' }],
  ['an invite with blank categories and no reason', { type: 'invite', recipientName: 'Ivy Invited', reason: null, skills: ' ' }],
  ['a name with spaces around', { ...recommendation, recipientName: '  Rae Recipient ' }],
  ['a name with accents', { ...recommendation, recipientName: 'Zoë Núñez-García' }],
  ['a name in another script', { ...recommendation, recipientName: '李 Ng' }],
  ['an empty name', { ...recommendation, recipientName: '' }],
  ['a blank name', { ...recommendation, recipientName: '   ' }],
  ['a name without letters', { ...recommendation, recipientName: '1234' }],
  ['a name with markup', { ...recommendation, recipientName: '<b>Rae</b>' }],
  ['a name with a zero-width space', { ...recommendation, recipientName: 'Rae\u200bRecipient' }],
  ['a name with a line break inside', { ...recommendation, recipientName: 'Rae\nRecipient' }],
  ['a name over 100 characters', { ...recommendation, recipientName: 'R'.repeat(101) }],
  ['an unknown type', { ...recommendation, type: 'endorsement' }],
];

describeEachDatabase(
  'the API document and the server agree on bodies',
  (t) => {
    let member: SignedInMember;
    beforeAll(async () => {
      member = await signIn(t, ['Sara', 'Table']);
      // Every accepted vouch of the table must be within the plan's monthly allowance.
      await member.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
    });

    it('PATCH /profile { profileSlug }: ajv accepts exactly what the server takes (200), the rest is a 400', async () => {
      const validate = bodyValidator('/profile', 'patch');
      const verdicts: [string, boolean, number][] = [];
      for (const [label, profileSlug] of SLUGS) {
        // A member of their own per case: a member chooses 5 new URLs a year (issue 43), the table has 7.
        const who = await signIn(t, ['Sam', 'Slug']);
        const res = await who.agent.patch('/api/profile').send({ profileSlug });
        verdicts.push([label, validate({ profileSlug }), res.status]);
      }
      expect(verdicts.map(([label, , status]) => [label, status === 200 ? 200 : 400])).toEqual(verdicts.map(([label, , status]) => [label, status]));
      expect(verdicts.map(([label, byAjv]) => [label, byAjv])).toEqual(verdicts.map(([label, , status]) => [label, status === 200]));
      expect(verdicts.filter(([, byAjv]) => byAjv)).toHaveLength(7);
    });

    it('POST /vouches: ajv accepts exactly the recommendations and invites the server creates (201), the rest is a 400', async () => {
      const validate = bodyValidator('/vouches', 'post');
      const verdicts: [string, boolean, number][] = [];
      for (const [label, fields] of VOUCHES) {
        const body = { ...fields, recipientPhone: newPhone() };
        const res = await member.agent.post('/api/vouches').send(body);
        verdicts.push([label, validate(body), res.status]);
      }
      expect(verdicts.map(([label, , status]) => [label, status === 201 ? 201 : 400])).toEqual(verdicts.map(([label, , status]) => [label, status]));
      expect(verdicts.map(([label, byAjv]) => [label, byAjv])).toEqual(verdicts.map(([label, , status]) => [label, status === 201]));
      expect(verdicts.filter(([, byAjv]) => byAjv)).toHaveLength(8);
    });

    it('the error of a recommendation without a category names fields the document has', async () => {
      const res = await member.agent.post('/api/vouches').send({ ...recommendation, skills: null, recipientPhone: newPhone() }).expect(400);
      const fields = Object.keys((doc.paths['/vouches']!.post!.requestBody.content['application/json']!.schema as { properties: Schema }).properties);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['characterTraits', 'skills', 'accomplishments']);
      expect(res.body.errors.every((e: { field: string }) => fields.includes(e.field))).toBe(true);
      expect(res.body.detail).toBe('Please select at least one category to Vouch for.');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
