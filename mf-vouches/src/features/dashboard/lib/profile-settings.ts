/** The rules of the profile settings form (PATCH /api/profile). Pure. */
import { splitName, type Profile, type UpdateProfileInput } from '@vouch/contracts';

export interface ProfileSettingsForm {
  firstName: string;
  lastName: string;
  headline: string;
  customBio: string;
  isPublic: boolean;
  /** The profile URL's last part (/profile/{profileSlug}). */
  profileSlug: string;
}

/** What the form starts from: the saved name split in two, the saved headline, bio and toggle. */
export function settingsFormOf(name: string, profile: Pick<Profile, 'headline' | 'customBio' | 'isPublic' | 'profileSlug'>): ProfileSettingsForm {
  return { ...splitName(name), headline: profile.headline ?? '', customBio: profile.customBio ?? '', isPublic: profile.isPublic, profileSlug: profile.profileSlug };
}

/** The profile URL as the server will store it: trimmed, lower case. */
export const typedSlug = (value: string): string => value.trim().toLowerCase();

/**
 * The request body: every field, blank headline and bio as null (removed). The name is sent
 * only when it changed, so a member who keeps a one-word name (as a voucher typed it) can still
 * save their bio; the server checks it whenever it is sent. The profile URL likewise, only when
 * it changed (`savedSlug`).
 */
export function settingsBody(form: ProfileSettingsForm, savedName: string, savedSlug?: string): UpdateProfileInput {
  const body: UpdateProfileInput = {
    isPublic: form.isPublic,
    headline: form.headline.trim() === '' ? null : form.headline,
    customBio: form.customBio.trim() === '' ? null : form.customBio,
  };
  const saved = splitName(savedName);
  if (form.firstName.trim() !== saved.firstName || form.lastName.trim() !== saved.lastName) {
    body.firstName = form.firstName;
    body.lastName = form.lastName;
  }
  if (savedSlug !== undefined && typedSlug(form.profileSlug) !== savedSlug) body.profileSlug = form.profileSlug;
  return body;
}

/** The server's sentence per field (problem+json `errors`), to show under each input. */
export function fieldErrorsOf(body: unknown): Partial<Record<keyof ProfileSettingsForm, string>> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return {};
  const out: Partial<Record<keyof ProfileSettingsForm, string>> = {};
  for (const error of errors as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof error.field === 'string' && typeof error.message === 'string' && ['firstName', 'lastName', 'headline', 'customBio', 'isPublic', 'profileSlug'].includes(error.field)) {
      out[error.field as keyof ProfileSettingsForm] ??= error.message;
    }
  }
  return out;
}
