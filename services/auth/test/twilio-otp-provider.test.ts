import { OtpProviderError } from '../src/domain/otp';
import { TwilioOtpProvider } from '../src/domain/twilio-otp-provider';
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, FAKE_SERVICE_SID, FakeTwilioVerify, fakeTwilioHttpClient } from './fake-twilio';

const PHONE = '+15551234567';

describe('the Twilio Verify provider, through the real SDK against a fake Verify server', () => {
  let fake: FakeTwilioVerify;
  let provider: TwilioOtpProvider;

  beforeEach(async () => {
    fake = await new FakeTwilioVerify().start();
    provider = new TwilioOtpProvider({
      accountSid: FAKE_ACCOUNT_SID,
      authToken: FAKE_AUTH_TOKEN,
      verifyServiceSid: FAKE_SERVICE_SID,
      httpClient: fakeTwilioHttpClient(fake),
    });
  });
  afterEach(() => fake.stop());

  it('starts an sms verification with the E.164 phone', async () => {
    await expect(provider.send(PHONE)).resolves.toEqual({ status: 'sent' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: `/v2/Services/${FAKE_SERVICE_SID}/Verifications`, form: { To: PHONE, Channel: 'sms' } });
  });

  it('approves the code the handset received', async () => {
    await provider.send(PHONE);
    await expect(provider.check(PHONE, fake.lastCode(PHONE)!)).resolves.toEqual({ status: 'approved' });
    expect(fake.requests[1]).toMatchObject({ path: `/v2/Services/${FAKE_SERVICE_SID}/VerificationCheck`, form: { To: PHONE, Code: fake.lastCode(PHONE) } });
  });

  it('treats a 200 with status pending as a wrong code', async () => {
    await provider.send(PHONE);
    const wrong = fake.lastCode(PHONE) === '000000' ? '111111' : '000000';
    await expect(provider.check(PHONE, wrong)).resolves.toEqual({ status: 'incorrect', triesLeft: null });
  });

  it('reports 20404 (no pending verification: expired or already used) as expired', async () => {
    await provider.send(PHONE);
    const code = fake.lastCode(PHONE)!;
    fake.advance(10 * 60_000);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'expired' });
  });

  it('a code already approved cannot be used again', async () => {
    await provider.send(PHONE);
    const code = fake.lastCode(PHONE)!;
    await provider.check(PHONE, code);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'expired' });
  });

  it('maps 60202 (max check attempts) to a dead code, even for the right code', async () => {
    await provider.send(PHONE);
    const code = fake.lastCode(PHONE)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await provider.check(PHONE, wrong);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'exhausted' });
  });

  it('maps 60203 (max send attempts) to rate limited', async () => {
    for (let i = 0; i < 5; i += 1) await expect(provider.send(PHONE)).resolves.toEqual({ status: 'sent' });
    await expect(provider.send(PHONE)).resolves.toEqual({ status: 'rate_limited', retryAfterSeconds: 600 });
  });

  it('maps 60200 (invalid To) to an invalid phone', async () => {
    await expect(provider.send('+1')).resolves.toEqual({ status: 'invalid_phone' });
  });

  it('turns an outage or bad credentials into a provider error', async () => {
    fake.failWith = { status: 503, code: 20503, message: 'Service unavailable' };
    await expect(provider.send(PHONE)).rejects.toBeInstanceOf(OtpProviderError);
    await expect(provider.check(PHONE, '123456')).rejects.toBeInstanceOf(OtpProviderError);
    fake.failWith = null;
    const wrongCredentials = new TwilioOtpProvider({ accountSid: FAKE_ACCOUNT_SID, authToken: 'nope', verifyServiceSid: FAKE_SERVICE_SID, httpClient: fakeTwilioHttpClient(fake) });
    await expect(wrongCredentials.send(PHONE)).rejects.toBeInstanceOf(OtpProviderError);
  });
});
