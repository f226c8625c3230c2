/**
 * The profile URL in Profile Settings: the site's /profile/ and the part the member chooses
 * (PATCH /api/profile { profileSlug }). The rules are the contracts' (shown as help); whether
 * it is free is the server's to say (409 under the field; 429 once the year's new URLs are used).
 * A rename never changes it; the earlier URLs (the last 10) keep leading to the profile.
 */
import { PROFILE_SLUG_MAX_LENGTH, PROFILE_SLUG_MIN_LENGTH, PROFILE_URL_CHANGES_PER_YEAR, PROFILE_URLS_KEPT } from '@vouch/contracts';
import { Field, Input, Span } from '@vouch/ui';
import { typedSlug } from '../lib/profile-settings';

export interface ProfileUrlFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function ProfileUrlField({ value, error, onChange }: ProfileUrlFieldProps) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Profile URL</Field.Label>
      <Input value={value} onChange={(event) => onChange(event.target.value)} maxLength={PROFILE_SLUG_MAX_LENGTH + 2} autoCapitalize="none" autoCorrect="off" spellCheck={false} placeholder="priya-patel" />
      {error ? (
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          <Span data-testid="profile-url-preview">
            {window.location.host}/profile/{typedSlug(value)}
          </Span>
          {` · ${PROFILE_SLUG_MIN_LENGTH}–${PROFILE_SLUG_MAX_LENGTH} lowercase letters, digits and hyphens; ${PROFILE_URL_CHANGES_PER_YEAR} new URLs a year. Your last ${PROFILE_URLS_KEPT} earlier links keep working: they lead here.`}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
