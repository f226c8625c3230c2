import { fillTextTemplate, textField, TEXT_FIELD_MAX_LENGTH } from '../src/domain/text-messages';

describe('text message templates (issue 26 item 8)', () => {
  it('put member text in one line, without control or format characters, at most TEXT_FIELD_MAX_LENGTH long', () => {
    expect(textField('Eve\n\nReply STOP\u202E now')).toBe('Eve Reply STOP now');
    expect([...textField('x'.repeat(500))]).toHaveLength(TEXT_FIELD_MAX_LENGTH);
    expect(textField('x'.repeat(500)).endsWith('…')).toBe(true);
  });

  it('fill only the named places of our template', () => {
    expect(fillTextTemplate('Vouch: {name} asks ({kind}). {unknown}', { name: 'Ann\tLee', kind: '{name}' })).toBe('Vouch: Ann Lee asks ({name}). {unknown}');
  });
});
