// Issue 43 item 4: one rule for the text members write, and what a person's name may not be.
import {
  completeRegistrationBody,
  createVouchBody,
  lookalikeSkeleton,
  memberTextProblem,
  namesTheProductOrStaff,
  personNameMessage,
  personNameMessages,
  personNameProblem,
  profileSlugProblem,
  reservedSlugMessage,
  staffSlugMessage,
  updateProfileBody,
  vouchRuleErrors,
} from '../src';

describe('memberTextProblem', () => {
  const line = { multiline: false };
  const text = { multiline: true };

  it('refuses every bidi control, with a sentence naming the field', () => {
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(memberTextProblem(`Product ${mark}designer`, 'Your headline', line)).toMatch(/^Your headline cannot contain invisible direction marks/);
      expect(memberTextProblem(`Great ${mark}work`, 'The reason', text)).toMatch(/^The reason cannot contain invisible direction marks/);
    }
  });

  it('refuses line and paragraph separators, and keeps ordinary line breaks where a field has lines', () => {
    for (const separator of ['\u2028', '\u2029', '\u0085']) expect(memberTextProblem(`a${separator}b`, 'Your bio', text)).toMatch(/line or paragraph separators/);
    expect(memberTextProblem('First line\nSecond line\r\n\tindented', 'Your bio', text)).toBeNull();
    expect(memberTextProblem('First line\nSecond line', 'Your headline', line)).toBe('Your headline must be one line, without control characters.');
    expect(memberTextProblem('bell\u0007', 'Your bio', text)).toBe('Your bio cannot contain control characters.');
  });

  it('keeps what people write: accents, other alphabets, emoji with joiners', () => {
    for (const ok of ['Diseñadora en Zürich', 'Инженер', 'エンジニア', 'مهندس', '👩‍💻 builds things', 'C++ & Rust — 10 yrs']) expect(memberTextProblem(ok, 'Your bio', text)).toBeNull();
  });
});

describe('personNameProblem', () => {
  it('accepts names in every alphabet, with hyphens, apostrophes and initials', () => {
    for (const name of ['Maya Chen', 'José Núñez', "Seán O'Brien", 'Anne-Marie', 'J. R. Tolkien', 'Иван Петров', 'Мара', '山田 太郎', 'やまだ たろう', '김민준', 'محمد علي', 'Ελένη Παπαδοπούλου']) {
      expect(personNameProblem(name, 'Name')).toBeNull();
    }
  });

  it('refuses a word that mixes alphabets (a Cyrillic М and а among Latin letters)', () => {
    expect(personNameProblem('Маyа Chen', 'Name')).toBe(personNameMessages.mixedScripts('Name'));
    expect(personNameProblem('Pаul', 'First name')).toBe(personNameMessages.mixedScripts('First name'));
  });

  it('refuses a word of look-alike letters beside Latin ones (whole-script confusable)', () => {
    expect(personNameProblem('Мауа Chen', 'Name')).toBe(personNameMessages.lookalike('Name'));
  });

  it("refuses the product's and its staff's names, look-alikes included", () => {
    for (const name of ['Vouch Support Team', 'V0uch', 'Ｖｏｕｃｈ Team', 'Adm1n Jones', 'Official Account', 'Jane Staff']) expect(personNameProblem(name, 'Name')).toBe(personNameMessages.staff('Name'));
    expect(namesTheProductOrStaff('Stafford Teams')).toBe(false);
    // The letters alone are no claim: Voucher is a name.
    expect(personNameProblem('Victor Voucher', 'Name')).toBeNull();
    expect(personNameProblem('VouchTeam', 'Name')).toBe(personNameMessages.staff('Name'));
  });

  it('refuses a link: a slash, a colon or a dot between letters', () => {
    for (const name of ['jane.example', 'www.bit.ly', 'https://x.test', 'Jane/Doe', 'Jane: Admin']) expect(personNameProblem(name, 'Name')).toBe(personNameMessages.link('Name'));
  });

  it('refuses line separators, bidi controls and markup with the basic sentence', () => {
    for (const name of ['Ada\u2028Lovelace', 'Ada\u2029Lovelace', 'Ada\u202ELovelace', '<b>Ada</b>', '1234']) expect(personNameProblem(name, 'Name')).toBe(personNameMessage('Name'));
  });
});

describe('names in the bodies that carry them', () => {
  it('complete-registration and PATCH /api/profile read first and last name together', () => {
    const registration = completeRegistrationBody.safeParse({ firstName: 'Мауа', lastName: 'Chen' });
    expect(registration.error?.issues).toEqual([expect.objectContaining({ path: ['firstName'], message: personNameMessages.lookalike('Your name') })]);
    expect(updateProfileBody.safeParse({ firstName: 'Vouch', lastName: 'Support' }).error?.issues[0]?.message).toBe(personNameMessages.staff('First name'));
    expect(completeRegistrationBody.safeParse({ firstName: 'Мара', lastName: 'Петрова' }).success).toBe(true);
  });

  it("a vouch's recipient name follows the same rule", () => {
    expect(vouchRuleErrors({ type: 'invite', recipientName: 'Маyа Chen' })).toEqual([{ field: 'recipientName', message: personNameMessages.mixedScripts("The recipient's name") }]);
    expect(createVouchBody.safeParse({ type: 'invite', recipientName: 'Sam', reason: 'Trust \u202Ehim' }).error?.issues[0]?.message).toMatch(/^The reason cannot contain invisible direction marks/);
  });
});

describe('profile URLs that pass for the site (issue 43 item 3)', () => {
  it("refuses the product's name and staff words, look-alikes included", () => {
    for (const slug of ['vouch-support', 'vouch-official', 'support-team', 'adm1n', 'v0uch', 'the-vouch-crew', 'supp0rt', 'jane-staff', 'vouchhq', 'vouchsupport']) expect(profileSlugProblem(slug)).toBe(staffSlugMessage(slug));
    expect(profileSlugProblem('admin')).toBe(reservedSlugMessage('admin'));
  });

  it('keeps ordinary URLs, reserved words among others included', () => {
    for (const slug of ['priya-patel', 'jane-new', 'home-chef', 'lisa-ray', 'steamboat-willie', 'vic-voucher']) expect(profileSlugProblem(slug)).toBeNull();
  });

  it('compares look-alikes by one skeleton', () => {
    expect(lookalikeSkeleton('Adm1n')).toBe(lookalikeSkeleton('admin'));
    expect(lookalikeSkeleton('vоuch')).toBe(lookalikeSkeleton('vouch')); // Cyrillic о
  });
});
