/**
 * The two ways to hand a pending vouch's link to its recipient (SPEC §7 "Sharing uses an sms
 * link with recipient phone and message body, and clipboard copy"): the review step and every
 * pending vouch on My Vouches → Sent (issue 16) use the same link and message, and both record
 * when it was shared.
 */
import type { Vouch } from '@vouch/contracts';
import { Button, HStack } from '@vouch/ui';
import { copyLink } from '../../../lib/share-link';
import { useRecordVouchShared } from '../api/record-shared';
import { publicVouchUrl, shareMessage, smsHref } from '../lib/share';

/** The link, its message, and the two actions that also stamp "last shared". */
export function useVouchShare(vouch: Vouch) {
  const recordShared = useRecordVouchShared();
  const link = publicVouchUrl(window.location.origin, vouch.vouchToken);
  const message = shareMessage(vouch, link);
  return {
    link,
    message,
    sms: smsHref(vouch.recipientPhone, message),
    copy: async () => {
      if (await copyLink(link)) recordShared.mutate(vouch.id);
    },
    // The sms: link leaves for the messaging app; the stamp goes along as it opens.
    texted: () => recordShared.mutate(vouch.id),
  };
}

export function ShareVouchActions({ vouch }: { vouch: Vouch }) {
  const share = useVouchShare(vouch);
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button variant="outline" size="sm" onClick={() => void share.copy()} aria-label={`Copy link of the Vouch for ${vouch.recipientName}`}>
        Copy link
      </Button>
      {/* A member addressed by id was told in the app, and their phone is not ours to text. */}
      {vouch.addressedToMember ? null : (
        <Button asChild variant="outline" size="sm" colorPalette="brand">
          <a href={share.sms} onClick={share.texted} aria-label={`Text the Vouch for ${vouch.recipientName} again`}>
            Text again
          </a>
        </Button>
      )}
    </HStack>
  );
}
