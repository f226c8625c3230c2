/**
 * Building a network through the API for browser tests: members signed in on their own request
 * contexts (cookie jars), and accepted vouches between them. The page under test then signs in
 * with a member's `state`.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { signInByApi, uniquePhone, type SignedInMember, type TestPhone } from './auth';
import { urls } from './urls';

export interface Member extends SignedInMember {
  id: number;
  context: APIRequestContext;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A new member, signed in on a request context of their own. */
export async function member(firstName: string, lastName: string): Promise<Member> {
  const context = await playwrightRequest.newContext({ baseURL: urls.gateway });
  const signedIn = await signInByApi(context, { firstName, lastName });
  const profile = (await (await context.get('/api/user/profile')).json()) as { user: { id: number } };
  return { ...signedIn, id: profile.user.id, context };
}

export interface VouchContent {
  reason?: string;
  skills?: string | null;
  characterTraits?: string | null;
  accomplishments?: string | null;
}

/** `from` makes a recommendation for `to` (a member or just a phone); returns its token. */
export async function createRecommendation(from: Member, to: { name: string; phone: TestPhone }, content: VouchContent = {}): Promise<string> {
  const created = await from.context.post('/api/vouches', {
    data: {
      type: 'recommendation',
      recipientName: to.name,
      recipientPhone: to.phone.e164,
      reason: content.reason ?? 'We built things together.',
      skills: content.skills === undefined ? 'TypeScript' : content.skills,
      characterTraits: content.characterTraits === undefined ? 'Reliable' : content.characterTraits,
      accomplishments: content.accomplishments ?? null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { vouchToken: string }).vouchToken;
}

/** `from` vouches for `to` and `to` accepts. */
export async function acceptedVouch(from: Member, to: Member, content: VouchContent = {}): Promise<void> {
  const vouchToken = await createRecommendation(from, to, content);
  const accepted = await to.context.post('/api/vouches/accept', { data: { vouchToken, action: 'accept' } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
}

/** A pending recommendation for a member from a fresh voucher (who is returned). */
export async function pendingVouchFor(to: Member, voucherFirstName: string): Promise<Member> {
  const voucher = await member(voucherFirstName, 'Pending');
  await createRecommendation(voucher, to);
  return voucher;
}

/** The member's current profile slug (the profile exists from registration). */
export async function profileSlug(who: Member): Promise<string> {
  const response = await who.context.get('/api/profile/my-summary');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { profile: { profileSlug: string } }).profile.profileSlug;
}

export { uniquePhone };
