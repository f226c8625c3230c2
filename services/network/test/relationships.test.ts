import type { Connection, Reach } from '@vouch/service-vouches';
import { directConnections, MEMBER_RELATIONSHIP_PRECEDENCE, relationshipOf, secondDegreeConnections, splitTags } from '../src/domain/relationships';

let nextVouch = 1;
function connection(memberId: number | null, direction: 'given' | 'received', extra: Partial<Connection> = {}): Connection {
  return {
    vouchId: nextVouch++,
    type: 'recommendation',
    status: 'accepted',
    direction,
    memberId,
    name: memberId === null ? 'Ivy Invitee' : `Member ${memberId}`,
    skills: null,
    characterTraits: null,
    accomplishments: null,
    reason: null,
    relationship: null,
    createdAt: new Date(),
    acceptedAt: new Date(),
    ...extra,
  };
}

describe('relationshipOf', () => {
  it('names one vouch from my side', () => {
    expect(relationshipOf({ type: 'recommendation', status: 'accepted', direction: 'given', memberId: 2 })).toBe('vouched_for');
    expect(relationshipOf({ type: 'invite', status: 'accepted', direction: 'given', memberId: 2 })).toBe('invited_accepted');
    expect(relationshipOf({ type: 'recommendation', status: 'accepted', direction: 'received', memberId: 2 })).toBe('vouched_by');
    expect(relationshipOf({ type: 'invite', status: 'accepted', direction: 'received', memberId: 2 })).toBe('vouched_by');
    expect(relationshipOf({ type: 'invite', status: 'pending', direction: 'given', memberId: null })).toBe('invited_pending');
  });
});

describe('splitTags', () => {
  it('splits at commas, semicolons and new lines, trims, drops blanks, keeps the first spelling once', () => {
    expect(splitTags('Rust, Go;  rust\n\nTeam   lead', null, ' go , Design')).toEqual(['Rust', 'Go', 'Team lead', 'Design']);
    expect(splitTags(null, undefined, '  ')).toEqual([]);
  });
});

describe('directConnections', () => {
  it('one entry per member with the relationship of highest precedence, whatever the order of the vouches', () => {
    expect(MEMBER_RELATIONSHIP_PRECEDENCE).toEqual(['invited_accepted', 'vouched_for', 'vouched_by', 'introduction_target', 'introduction_requester']);
    const rows = [
      connection(2, 'received'),
      connection(2, 'given', { skills: 'Rust' }),
      connection(3, 'given', { skills: 'Go' }),
      connection(3, 'given', { type: 'invite' }),
      connection(4, 'received', { skills: 'about me' }),
    ];
    expect(directConnections(1, rows).map((c) => [c.memberId, c.relationshipType, c.skills])).toEqual([
      [2, 'vouched_for', ['Rust']],
      [3, 'invited_accepted', ['Go']],
      [4, 'vouched_by', []], // their vouch describes me
    ]);
    expect(directConnections(1, [...rows].reverse()).map((c) => [c.memberId, c.relationshipType])).toEqual([
      [4, 'vouched_by'],
      [3, 'invited_accepted'],
      [2, 'vouched_for'],
    ]);
  });

  it('my pending invites are entries of their own, keyed invite:<vouchId>; never me', () => {
    const invite = connection(null, 'given', { type: 'invite', status: 'pending' });
    const rows = [invite, connection(1, 'given'), connection(5, 'given', { characterTraits: 'Kind; calm' })];
    expect(directConnections(1, rows)).toEqual([
      { id: `invite:${invite.vouchId}`, kind: 'invite', memberId: null, name: 'Ivy Invitee', skills: [], characterTraits: [], relationshipType: 'invited_pending' },
      { id: '5', kind: 'member', memberId: 5, name: 'Member 5', skills: [], characterTraits: ['Kind', 'calm'], relationshipType: 'vouched_for' },
    ]);
  });
});

describe('directConnections with introductions', () => {
  const link = (memberId: number, relationshipType: 'introduction_requester' | 'introduction_target') => ({ memberId, relationshipType, name: `Member ${memberId}` });

  it('adds people I know only through an accepted introduction, after my vouches, with empty tags', () => {
    const rows = [connection(2, 'given', { skills: 'Rust' })];
    expect(directConnections(1, rows, [link(7, 'introduction_target'), link(8, 'introduction_requester')])).toEqual([
      { id: '2', kind: 'member', memberId: 2, name: 'Member 2', skills: ['Rust'], characterTraits: [], relationshipType: 'vouched_for' },
      { id: '7', kind: 'member', memberId: 7, name: 'Member 7', skills: [], characterTraits: [], relationshipType: 'introduction_target' },
      { id: '8', kind: 'member', memberId: 8, name: 'Member 8', skills: [], characterTraits: [], relationshipType: 'introduction_requester' },
    ]);
  });

  it('a vouch either way outranks an introduction; my request outranks theirs; once each; never me', () => {
    const rows = [connection(2, 'received'), connection(3, 'given', { type: 'invite' })];
    const links = [link(2, 'introduction_target'), link(3, 'introduction_requester'), link(4, 'introduction_requester'), link(4, 'introduction_target'), link(4, 'introduction_requester'), link(1, 'introduction_target')];
    expect(directConnections(1, rows, links).map((c) => [c.memberId, c.relationshipType])).toEqual([
      [2, 'vouched_by'],
      [3, 'invited_accepted'],
      [4, 'introduction_target'],
    ]);
  });
});

describe('second degree', () => {
  const reach = (memberId: number, degree: number, via: number, firstHops: number): Reach => ({ memberId, degree, via, firstHops });

  it('names the person and the 1° member they are reached through', () => {
    const names = new Map([
      [2, 'Ben'],
      [10, 'Dee'],
    ]);
    expect(secondDegreeConnections([reach(10, 2, 2, 2)], names)).toEqual([
      { id: 10, name: 'Dee', relationshipType: 'second_degree_vouch', connectedThrough: 'Ben', connectedThroughId: 2, sharedConnections: 2 },
    ]);
  });
});
