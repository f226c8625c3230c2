import { OtpProviderError } from '../src/domain/otp';
import { TwilioOtpProvider } from '../src/domain/twilio-otp-provider';
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, FAKE_SERVICE_SID, FakeTwilioVerify, fakeTwilioHttpClient } from './fake-twilio';

const PHONE = '+15551234567';

describe('the Twilio Verify provider (custom codes), through the real SDK against a fake Verify server', () => {
  let fake: FakeTwilioVerify;
  let provider: TwilioOtpProvider;
  const make = (f: FakeTwilioVerify, authToken = FAKE_AUTH_TOKEN) =>
    new TwilioOtpProvider({ accountSid: FAKE_ACCOUNT_SID, authToken, verifyServiceSid: FAKE_SERVICE_SID, httpClient: fakeTwilioHttpClient(f) });

  beforeEach(async () => {
    fake = await new FakeTwilioVerify().start();
    provider = make(fake);
  });
  afterEach(() => fake.stop());

  it('texts the code the server made, as an sms verification to the E.164 phone, and names the verification', async () => {
    const sent = await provider.send(PHONE, '482913');
    expect(sent).toEqual({ status: 'sent', reference: expect.stringMatching(/^VE[0-9a-f]{32}$/) });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: `/v2/Services/${FAKE_SERVICE_SID}/Verifications`, form: { To: PHONE, Channel: 'sms', CustomCode: '482913' } });
    expect(fake.lastCode(PHONE)).toBe('482913');
  });

  it('two attempts for one phone text two codes of their own (Verify would resend one code otherwise)', async () => {
    await provider.send(PHONE, '111111');
    await provider.send(PHONE, '222222');
    expect(fake.sent.map((s) => s.code)).toEqual(['111111', '222222']);
  });

  it('tells Verify when the code was used (the feedback custom codes need)', async () => {
    const sent = await provider.send(PHONE, '482913');
    const reference = sent.status === 'sent' ? sent.reference! : '';
    await provider.confirm(PHONE, reference);
    expect(fake.approved).toEqual([reference]);
    expect(fake.requests[1]).toMatchObject({ path: `/v2/Services/${FAKE_SERVICE_SID}/Verifications/${reference}`, form: { Status: 'approved' } });
  });

  it('maps 60203 (max send attempts) to rate limited', async () => {
    for (let i = 0; i < 5; i += 1) await expect(provider.send(PHONE, '123456')).resolves.toMatchObject({ status: 'sent' });
    await expect(provider.send(PHONE, '123456')).resolves.toEqual({ status: 'rate_limited', retryAfterSeconds: 600 });
  });

  it('maps 60200 (invalid To) to an invalid phone', async () => {
    await expect(provider.send('+1', '123456')).resolves.toEqual({ status: 'invalid_phone' });
  });

  it('turns an outage, bad credentials or a service without custom codes into a provider error', async () => {
    fake.failWith = { status: 503, code: 20503, message: 'Service unavailable' };
    await expect(provider.send(PHONE, '123456')).rejects.toBeInstanceOf(OtpProviderError);
    await expect(provider.confirm(PHONE, `VE${'0'.repeat(32)}`)).rejects.toBeInstanceOf(OtpProviderError);
    fake.failWith = null;
    await expect(make(fake, 'nope').send(PHONE, '123456')).rejects.toBeInstanceOf(OtpProviderError);
    const withoutCustomCodes = await new FakeTwilioVerify({ customCodes: false }).start();
    try {
      // 60204: the operator must enable custom codes on the Verify service (docs/deployment.md); the log says so.
      await expect(make(withoutCustomCodes).send(PHONE, '123456')).rejects.toThrow(/Custom Verification Code/);
    } finally {
      await withoutCustomCodes.stop();
    }
  });
});
