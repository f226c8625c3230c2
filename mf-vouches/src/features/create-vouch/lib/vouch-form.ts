/**
 * The Create Vouch form as state (SPEC §5), and the two pure steps between it and the API:
 * `checkVouchForm` (the problems to mark on their fields) and `toCreateVouchBody`
 * (the `POST /api/vouches` body of SPEC §7). The rules themselves are the shared ones of
 * @vouch/contracts; the server applies them again.
 */
import {
  formatPhoneForDisplay,
  normalizePhoneForSending,
  RELATIONSHIP_MESSAGES,
  vouchRuleErrors,
  VOUCH_MESSAGES,
  type CreateVouchInput,
  type VouchRelationship,
  type VouchRuleError,
  type VouchType,
} from '@vouch/contracts';

export const VOUCH_CATEGORIES = [
  { key: 'characterTraits', label: 'Character Traits', placeholder: 'e.g. Honest, dependable, calm under pressure' },
  { key: 'skills', label: 'Skills', placeholder: 'e.g. Product design, React, negotiation' },
  { key: 'accomplishments', label: 'Accomplishments', placeholder: 'e.g. Led the 2023 platform migration on time' },
] as const;

export type VouchCategory = (typeof VOUCH_CATEGORIES)[number]['key'];

export interface VouchFormState {
  type: VouchType;
  recipientName: string;
  /** As displayed while typing: "(555) 123-4567". */
  recipientPhone: string;
  /** A member vouched for by id (Vouch for on a profile, Vouch back, an ask): no phone is typed or shown. */
  recipientMemberId: number | null;
  /** How the voucher knows them (issue 28): required here, '' until chosen. */
  relationship: VouchRelationship | '';
  /** Which category boxes are ticked; an unticked category's text is kept but never sent. */
  ticked: Record<VouchCategory, boolean>;
  characterTraits: string;
  skills: string;
  accomplishments: string;
  reason: string;
}

export const EMPTY_VOUCH_FORM: VouchFormState = {
  type: 'recommendation',
  recipientName: '',
  recipientPhone: '',
  recipientMemberId: null,
  relationship: '',
  ticked: { characterTraits: false, skills: false, accomplishments: false },
  characterTraits: '',
  skills: '',
  accomplishments: '',
  reason: '',
};

/** Who Create Vouch is opened for: a member named by id, whose phone stays private. */
export interface VouchPrefill {
  memberId: number;
  name: string;
}

/** The empty form addressed to a member (their name filled in, no phone field). */
export function prefilledVouchForm(prefill: VouchPrefill | null | undefined): VouchFormState {
  return prefill ? { ...EMPTY_VOUCH_FORM, recipientName: prefill.name, recipientMemberId: prefill.memberId } : EMPTY_VOUCH_FORM;
}

/** The phone field's next value: formatted while typing (SPEC §5). */
export function nextPhoneValue(typed: string): string {
  return formatPhoneForDisplay(typed);
}

const textOrNull = (value: string): string | null => (value.trim() ? value.trim() : null);

/**
 * `POST /api/vouches` body: phone normalised (+1…), unticked or blank categories null. An
 * invite carries only its message: the categories are a recommendation's (the form hides them
 * for invites, and what was typed before switching type is not sent).
 */
export function toCreateVouchBody(form: VouchFormState): CreateVouchInput {
  const category = (key: VouchCategory) => (form.type === 'recommendation' && form.ticked[key] ? textOrNull(form[key]) : null);
  const recipient = form.recipientMemberId !== null ? { recipientMemberId: form.recipientMemberId } : { recipientPhone: normalizePhoneForSending(form.recipientPhone) };
  return {
    type: form.type,
    recipientName: form.recipientName.trim(),
    ...recipient,
    relationship: form.relationship || null,
    reason: textOrNull(form.reason),
    characterTraits: category('characterTraits'),
    skills: category('skills'),
    accomplishments: category('accomplishments'),
  };
}

export type VouchFormField = VouchRuleError['field'] | 'recipientPhone' | 'relationship';

/** A problem with the form: the field to mark and its sentence (SPEC §5), shown once, under the field. */
export interface VouchFormProblem {
  field: VouchFormField;
  message: string;
}

/**
 * Every problem in field order (name, phone, relationship, categories, reason); empty when the form can be
 * sent. Each marks its field; the first one takes the focus.
 */
export function checkVouchForm(form: VouchFormState): VouchFormProblem[] {
  const body = toCreateVouchBody(form);
  const rules = vouchRuleErrors(body);
  const problems: VouchFormProblem[] = [];
  const rule = (field: VouchRuleError['field']) => rules.find((r) => r.field === field);
  const name = rule('recipientName');
  if (name) problems.push({ field: 'recipientName', message: name.message });
  if (form.recipientMemberId === null && form.recipientPhone.replace(/\D/g, '').length !== 10) {
    problems.push({ field: 'recipientPhone', message: VOUCH_MESSAGES.invalidPhone });
  }
  if (!form.relationship) problems.push({ field: 'relationship', message: RELATIONSHIP_MESSAGES.required });
  for (const field of ['categories', 'reason'] as const) {
    const found = rule(field);
    if (found) problems.push({ field, message: found.message });
  }
  return problems;
}
