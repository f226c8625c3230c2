/**
 * Who sees whose phone (decided here, documented in the README): a full phone only where the
 * viewer already has a direct tie with the person — a match who is the viewer's 1° connection,
 * or a self-suggestion the requester accepted (that person offered to be introduced). Everyone
 * else sees the last four digits at most, like the public vouch page.
 */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••-•••-${digits.slice(-4).padStart(4, '•')}`;
}

export function phoneFor(phone: string, fullAllowed: boolean): string {
  return fullAllowed ? phone : maskedPhone(phone);
}
