import { fillTextTemplate, textName, textWithLink, TEXT_MESSAGE_MAX_LENGTH, TEXT_NAME_MAX_LENGTH, UNNAMED_MEMBER } from '../src/domain/text-message';

describe('what a text may say (issue 40)', () => {
  it('a name is one line without control or format characters, at most TEXT_NAME_MAX_LENGTH long', () => {
    expect(textName('Eve\n\nMills\u202E')).toBe('Eve Mills');
    expect([...textName('Maximiliana'.padEnd(60, 'x'))]).toHaveLength(TEXT_NAME_MAX_LENGTH);
    expect(textName('Maximiliana'.padEnd(60, 'x')).endsWith('…')).toBe(true);
  });

  it.each([
    'Claim / your prize at vouch-help.co/x',
    'https://evil.example',
    'vouch-help.co',
    'Ann Lee www.example',
    'Ann@evil',
    'C:\\prize',
    'Ann Lee evil。com',
  ])('a name that could read as a link is not sent: %s', (name) => {
    expect(textName(name)).toBe(UNNAMED_MEMBER);
  });

  it.each(['Ann Lee', 'J. R. Smith', "Seán O'Brien", 'María-José Núñez', 'Dr. Ann Lee', 'Ann Lee Jr.', 'Ann . Lee'])('an ordinary name is sent as written: %s', (name) => {
    expect(textName(name)).toBe(name);
  });

  it('fills only the named places of our template, names through textName and phones as the app shows them', () => {
    expect(fillTextTemplate('Vouch: {name} ({phone}) asks {unknown}.', { names: { name: 'Ann\tLee' }, phones: { phone: '+14155550168' } })).toBe('Vouch: Ann Lee ((415) 555-0168) asks {unknown}.');
    expect(fillTextTemplate('Vouch: {name} asks.', { names: { name: 'go to evil.com now' } })).toBe('Vouch: A member asks.');
  });

  it('the link and the opt-out are always whole; the message is cut to fit TEXT_MESSAGE_MAX_LENGTH', () => {
    const url = 'https://vouch.example/introduction-requests?tab=introductions&introduction=123456';
    const text = textWithLink('x'.repeat(500), url);
    expect([...text].length).toBeLessThanOrEqual(TEXT_MESSAGE_MAX_LENGTH);
    expect(text.endsWith(` ${url} Reply STOP to opt out.`)).toBe(true);
    expect(textWithLink('Vouch: hi.', url)).toBe(`Vouch: hi. ${url} Reply STOP to opt out.`);
  });
});
