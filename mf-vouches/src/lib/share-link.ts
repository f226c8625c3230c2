/**
 * Handing over a profile link (SPEC §7 "clipboard copy", §8 toasts): copy with the Copied! /
 * Copy failed toasts, or the device's share sheet when it has one (public profile page).
 */
import { notify } from '@vouch/ui';

export async function copyLink(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    notify({ title: 'Copied!', description: 'Link copied to clipboard' });
    return true;
  } catch {
    notify({ title: 'Copy failed', description: 'Could not copy to clipboard', variant: 'destructive' });
    return false;
  }
}

/** Native share when available (a cancelled sheet is not an error), otherwise copy the link. */
export async function shareLink(data: { url: string; title: string; text?: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (no user gesture, unsupported data): fall back to the clipboard.
    }
  }
  await copyLink(data.url);
}
