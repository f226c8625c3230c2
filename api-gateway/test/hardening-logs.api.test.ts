// Logs (issue 10): through a whole member journey the gateway writes structured JSON lines, each
// request's line carries its request id, and no phone number, code, session or vouch token
// appears in clear anywhere, also not in the lines of refused and failed requests.
import { Writable } from 'node:stream';
import { createLogger } from '@vouch/service-core';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn } from './support';

const lines: string[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

describeEachDatabase(
  'logs',
  (t) => {
    beforeEach(() => lines.splice(0));

    it('are JSON lines with request ids and hold no phone, code, session or vouch token in clear', async () => {
      const phone = newPhone();
      const browser = t.agent();
      const { attemptId } = (await browser.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      const code = await latestCode(t, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      await browser.post('/api/auth/verify-otp').send({ phone, otp: wrong, attemptId }).expect(400);
      const verified = await browser.post('/api/auth/verify-otp').send({ phone, otp: code, attemptId }).expect(200);
      const session = /vouch_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!;
      await browser.post('/api/auth/complete-registration').send({ firstName: 'Lou', lastName: 'Logs' }).expect(201);

      const friend = await signIn(t, ['Fran', 'Friend']);
      const created = await browser
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: friend.name, recipientPhone: friend.phone, reason: 'Pair programming', skills: 'Rust', characterTraits: 'Calm', accomplishments: null })
        .expect(201);
      const vouchToken = created.body.vouchToken as string;
      await t.request.get(`/api/vouches/public/${vouchToken}?ref=sms`).expect(200);
      await friend.agent.put('/api/vouches/respond').send({ vouchToken, action: 'accept' }).expect(200);
      await t.request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`).expect(200);
      await t.request.get('/api/vouches/my').set('Authorization', `Bearer ${session}`).expect(200);
      await t.request.get('/api/vouches/my').set('Authorization', 'Bearer not-a-real-token').expect(401);

      expect(lines.length).toBeGreaterThan(10);
      const entries = lines.map((line) => JSON.parse(line) as { level: number; time: number; msg: string; req?: { id?: string } });
      for (const entry of entries) expect(entry).toEqual(expect.objectContaining({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) }));
      const requestLines = entries.filter((entry) => entry.req);
      expect(requestLines.length).toBeGreaterThan(10);
      for (const entry of requestLines) expect(entry.req!.id).toMatch(/^[\w-]{8,}$/);

      // The console SMS provider (the development default) delivers the code as a log line, phone
      // masked: that line is the text message itself. No other line may hold the code.
      const smsLines = entries.filter((entry) => entry.msg.startsWith('[console sms] '));
      expect(smsLines.map((entry) => entry.msg)).toContain(`[console sms] to +1•••••••${phone.slice(-4)}: Your Vouch verification code is ${code}. It expires in 10 minutes.`);
      const others = lines.filter((line) => !line.includes('"msg":"[console sms] '));
      const secrets = { phone, 'phone digits': phone.slice(2), 'friend phone': friend.phone.slice(2), code, session, vouchToken };
      const found = Object.entries(secrets).filter(([, secret]) => others.some((line) => new RegExp(`(?<![\\d\\w])${secret.replace(/[+]/g, '\\+')}(?![\\d\\w])`).test(line)));
      expect(found.map(([name]) => name)).toEqual([]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS, logger: createLogger({ level: 'debug', destination }) },
);
