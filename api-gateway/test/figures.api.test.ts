// One definition per figure (issue 28 item 6): the counts a member reads on the dashboard, Stats
// and the map agree the moment a vouch is accepted, not after the worker's next run.
import { connectionsIn, networkSize, type NetworkResponse, type UserProfile } from '@vouch/contracts';
import { describeEachDatabase, newPhone, signIn, vouchAndAccept, type SignedInMember } from './support';

async function figuresOf(member: SignedInMember) {
  const user = (await member.agent.get('/api/user/profile').expect(200)).body.user as UserProfile;
  const network = (await member.agent.get('/api/network').expect(200)).body as NetworkResponse;
  return { networkSize: networkSize(user), connections: user.connectionsCount, mapConnections: connectionsIn(network.directConnections), drawn: network.directConnections.length };
}

describeEachDatabase('figures agree across screens', (t) => {
  it('counts people once and vouches each, with a pending invite drawn but not counted', async () => {
    const maya = await signIn(t, ['Maya', 'Figures']);
    const ben = await signIn(t, ['Ben', 'Figures']);
    const cleo = await signIn(t, ['Cleo', 'Figures']);

    await vouchAndAccept(maya, ben);
    // Without any worker: the accept itself counts the new connection on both sides.
    expect(await figuresOf(maya)).toEqual({ networkSize: 1, connections: 1, mapConnections: 1, drawn: 1 });
    expect(await figuresOf(ben)).toEqual({ networkSize: 1, connections: 1, mapConnections: 1, drawn: 1 });

    // A vouch back is a second vouch between the same two people: one more vouch, no new connection.
    await vouchAndAccept(ben, maya);
    expect(await figuresOf(maya)).toEqual({ networkSize: 2, connections: 1, mapConnections: 1, drawn: 1 });

    await vouchAndAccept(cleo, maya);
    await maya.agent
      .post('/api/vouches')
      .send({ type: 'invite', recipientName: 'Dana Pending', recipientPhone: newPhone(), reason: null, skills: null, characterTraits: null, accomplishments: null })
      .expect(201);
    expect(await figuresOf(maya)).toEqual({ networkSize: 3, connections: 2, mapConnections: 2, drawn: 3 });
    expect(await figuresOf(cleo)).toEqual({ networkSize: 1, connections: 1, mapConnections: 1, drawn: 1 });
  });
});
