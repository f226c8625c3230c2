import type { SignedInMember } from './sign-in';

export interface VouchText {
  type?: 'recommendation' | 'invite';
  skills?: string | null;
  characterTraits?: string | null;
  accomplishments?: string | null;
  reason?: string | null;
}

/** `from` vouches for `to` and `to` accepts through the API; returns the vouch id. */
export async function vouchAndAccept(from: SignedInMember, to: SignedInMember, text: VouchText = {}): Promise<number> {
  const type = text.type ?? 'recommendation';
  const body =
    type === 'invite'
      ? { type, recipientName: to.name, recipientPhone: to.phone, reason: text.reason ?? null, skills: null, characterTraits: null, accomplishments: null }
      : {
          type,
          recipientName: to.name,
          recipientPhone: to.phone,
          reason: text.reason ?? `${from.name} trusts ${to.name}`,
          skills: text.skills ?? null,
          characterTraits: text.characterTraits ?? null,
          accomplishments: text.accomplishments ?? null,
        };
  if (type === 'recommendation' && !body.skills && !body.characterTraits && !body.accomplishments) body.skills = 'Teamwork';
  const created = await from.agent.post('/api/vouches').send(body).expect(201);
  await to.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
  return created.body.id as number;
}
