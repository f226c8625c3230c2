/**
 * Signing in from browser tests. Codes come from the dev SMS outbox
 * (`GET /api/dev/sms-outbox?phone=`, DESIGN §2), which the test gateway serves (NODE_ENV=test).
 *
 * - `uniquePhone()`: a fresh, valid North American number per call (fictional 555 exchange).
 * - `signIn(page, …)`: through the real sign-in screen, like a person (phone → code → names).
 * - `signInByApi(page | request, …)`: the same calls without the screen, on the page's cookie jar
 *   (or a separate `request` fixture's, e.g. to register a member before a test signs in as them):
 *   the fast way to start a test as a signed-in member. A new phone is registered with the names.
 * - `readCode(request, phone)`: the latest code texted to a phone (waits for it to arrive).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestPhone {
  /** E.164, as the server stores it: "+14155550123". */
  e164: string;
  /** Ten digits, as a person types them: "4155550123". */
  digits: string;
  /** As the sign-in field shows it: "(415) 555-0123". */
  display: string;
}

const AREA_CODES = ['415', '212', '312', '646', '718', '617', '206', '503'];
const used = new Set<string>();

/**
 * Workers run side by side against one server, so each draws from its own area codes (Playwright
 * numbers them 0…workers-1 in TEST_PARALLEL_INDEX): two workers never register the same phone.
 */
function areaCodesOfThisWorker(): string[] {
  const workers = Number(process.env.PLAYWRIGHT_WORKERS ?? 1);
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const mine = AREA_CODES.filter((_, i) => i % workers === index % workers);
  return mine.length ? mine : AREA_CODES;
}

/** A number no other call in this test run has returned. */
export function uniquePhone(): TestPhone {
  const areaCodes = areaCodesOfThisWorker();
  for (;;) {
    const area = areaCodes[Math.floor(Math.random() * areaCodes.length)];
    const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const digits = `${area}555${line}`;
    if (used.has(digits)) continue;
    used.add(digits);
    return { digits, e164: `+1${digits}`, display: `(${area}) 555-${line}` };
  }
}

interface OutboxMessage {
  to: string;
  body: string;
  code: string;
  sentAt: string;
}

/**
 * The newest code sent to `phone` (after `since`, if given), polling the dev outbox until it is
 * there. Pass `since` when a phone gets a second code, so the first one is not read again.
 */
/** How many sign-in codes the phone has been texted so far (the outbox lists them newest first). */
export async function codesSentTo(request: APIRequestContext, phone: TestPhone): Promise<number> {
  const response = await request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone.e164)}`);
  if (!response.ok()) return 0;
  return ((await response.json()) as { messages: OutboxMessage[] }).messages.filter((message) => message.code).length;
}

/**
 * The latest code texted to a phone, waiting for it to arrive: sent at or after `since` (a Date),
 * or the first one after the `since` codes already sent (a count from codesSentTo: exact even
 * when another code went out a moment before).
 */
export async function readCode(request: APIRequestContext, phone: TestPhone | string, since?: Date | number): Promise<string> {
  const e164 = typeof phone === 'string' ? phone : phone.e164;
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(e164)}`);
        if (!response.ok()) return '';
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        const codes = messages.filter((message) => message.code);
        const latest =
          typeof since === 'number'
            ? codes.length > since
              ? codes[0]
              : undefined
            : codes.find((message) => !since || new Date(message.sentAt).getTime() >= since.getTime());
        code = latest?.code ?? '';
        return code;
      },
      { message: `a sign-in code texted to ${e164}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export interface SignInOptions {
  /** Defaults to a fresh number (so a new member). Pass the same phone again for a returning member. */
  phone?: TestPhone;
  firstName?: string;
  lastName?: string;
}

export interface SignedInMember {
  phone: TestPhone;
  /** "First Last" for a member registered here; the stored name for a returning one. */
  name: string;
  isNewUser: boolean;
}

/**
 * Signs in through the sign-in screen at /auth and waits for /dashboard. New phones go through
 * the names step (defaults: "Test Member"). Toasts are left to the caller to check.
 */
export async function signIn(page: Page, { phone = uniquePhone(), firstName = 'Test', lastName = 'Member' }: SignInOptions = {}): Promise<SignedInMember> {
  await page.goto('/auth');
  const screen = page.getByTestId('sign-in-screen');
  await screen.getByLabel('Phone number').fill(phone.digits);
  // Counted, not timed: a code sent by the API a moment before (a returning member) must not be read.
  const earlier = await codesSentTo(page.request, phone);
  await screen.getByRole('button', { name: 'Send Verification Code' }).click();
  const code = await readCode(page.request, phone, earlier);
  await screen.getByLabel('Verification code').fill(code);
  await screen.getByRole('button', { name: 'Verify & Continue' }).click();

  const names = screen.getByLabel('First name');
  const arrived = await Promise.race([
    page.waitForURL('**/dashboard').then(() => 'dashboard' as const),
    names.waitFor().then(() => 'names' as const),
  ]);
  if (arrived === 'dashboard') {
    const user = await currentUser(page);
    return { phone, name: user?.name ?? '', isNewUser: false };
  }
  await names.fill(firstName);
  await screen.getByLabel('Last name').fill(lastName);
  await screen.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  return { phone, name: `${firstName} ${lastName}`, isNewUser: true };
}

/**
 * Signs in with the API calls only (request-otp → outbox → verify-otp → complete-registration
 * for a new phone) on the page's cookie jar; the page is not navigated. Use it to start a test
 * as a member; `signIn` is for testing the screen itself.
 */
export async function signInByApi(
  target: Page | APIRequestContext,
  { phone = uniquePhone(), firstName = 'Test', lastName = 'Member' }: SignInOptions = {},
): Promise<SignedInMember> {
  const request = 'request' in target ? target.request : target;
  const sentAfter = new Date(Date.now() - 1000);
  const sent = await request.post('/api/auth/request-otp', { data: { phone: phone.e164 } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { attemptId } = (await sent.json()) as { attemptId: string };
  const otp = await readCode(request, phone, sentAfter);
  const verified = await request.post('/api/auth/verify-otp', { data: { phone: phone.e164, otp, attemptId } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { isNewUser } = (await verified.json()) as { isNewUser: boolean };
  if (isNewUser) {
    const registered = await request.post('/api/auth/complete-registration', { data: { firstName, lastName } });
    expect(registered.status(), await registered.text()).toBe(201);
  }
  const user = await currentUser(request);
  return { phone, name: user?.name ?? `${firstName} ${lastName}`, isNewUser };
}

export interface MemberProfile {
  id: number;
  name: string;
  phone: string;
  vouchesGiven: number;
  vouchesReceived: number;
}

/** The signed-in member of a page's (or request context's) cookie jar, or null. */
export async function currentUser(target: Page | APIRequestContext): Promise<MemberProfile | null> {
  const request = 'request' in target ? target.request : target;
  const response = await request.get('/api/user/profile');
  if (response.status() === 401) return null;
  return ((await response.json()) as { user: MemberProfile }).user;
}
