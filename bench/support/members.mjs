// Members and vouches through the API for the browser benchmarks (the e2e helpers' calls:
// e2e/support/auth.ts, members.ts), against a gateway whose dev SMS outbox is on.
import { request as playwrightRequest } from '@playwright/test';

let phoneSeq = 0;
/** A phone no member has yet, in E.164 and as typed (digits). */
export function freshPhone() {
  phoneSeq += 1;
  const line = String((Date.now() + phoneSeq * 7919) % 10_000).padStart(4, '0');
  const area = ['415', '212', '312', '646', '718', '617'][phoneSeq % 6];
  return { e164: `+1${area}555${line}`, digits: `${area}555${line}` };
}

/** The newest code texted to `e164` since `since` (ms), from the dev SMS outbox. */
export async function readCode(api, e164, since, base = '') {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await api.get(`${base}/api/dev/sms-outbox?phone=${encodeURIComponent(e164)}`);
    if (response.ok()) {
      const { messages } = await response.json();
      const latest = messages.find((message) => new Date(message.sentAt).getTime() >= since);
      if (latest?.code) return latest.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code texted to ${e164}`);
}

export async function expectOk(response, what) {
  if (response.status() >= 300) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/** A member signed in on a request context of their own (registered with the names if new; `phone` defaults to a fresh one). */
export async function member(baseURL, firstName, lastName, phone = freshPhone()) {
  const api = await playwrightRequest.newContext({ baseURL });
  const since = Date.now() - 1000;
  const sent = await expectOk(await api.post('/api/auth/request-otp', { data: { phone: phone.e164 } }), 'request-otp');
  const { attemptId } = await sent.json();
  const otp = await readCode(api, phone.e164, since);
  const verified = await expectOk(await api.post('/api/auth/verify-otp', { data: { phone: phone.e164, otp, attemptId } }), 'verify-otp');
  if ((await verified.json()).isNewUser) await expectOk(await api.post('/api/auth/complete-registration', { data: { firstName, lastName } }), 'complete-registration');
  return { api, phone, name: `${firstName} ${lastName}` };
}

/** `from` recommends `to` (a member or just a name and phone); returns the vouch token. */
export async function createRecommendation(from, to) {
  const created = await expectOk(
    await from.api.post('/api/vouches', {
      data: { type: 'recommendation', recipientName: to.name, recipientPhone: to.phone.e164, reason: 'We built things together.', skills: 'TypeScript', characterTraits: 'Reliable', accomplishments: null },
    }),
    'create vouch',
  );
  return (await created.json()).vouchToken;
}

/** `from` recommends `to` and `to` accepts. */
export async function acceptedVouch(from, to) {
  const vouchToken = await createRecommendation(from, to);
  await expectOk(await to.api.post('/api/vouches/accept', { data: { vouchToken, action: 'accept' } }), 'accept vouch');
}
