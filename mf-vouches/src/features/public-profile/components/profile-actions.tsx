/**
 * The actions on another member's profile, for a signed-in visitor (issue 28 item 4): Vouch for
 * (Create Vouch addressed to them by id: their phone stays private), Request an introduction
 * (not to a 1° connection: through the first hop of the path "How you're connected" shows, in
 * mf_introductions' dialog, opened by its page's address) and Ask for a vouch.
 */
import { requestIntroPath } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Button, Flex } from '@vouch/ui';
import { useState } from 'react';
import { LazyCreateVouchDialog } from '../../create-vouch';
import { useProfileConnection } from '../api/profile-connection';
import { introductionPrefill } from '../lib/connection';
import { AskVouchButton } from './ask-vouch-button';

export function ProfileActions({ memberId, name, slug }: { memberId: number; name: string; slug: string }) {
  const [vouching, setVouching] = useState(false);
  // The same read as "How you're connected" (one request for both).
  const connection = useProfileConnection(slug, true);
  // Not connected within 3° (a state, not an error): no path to ask through.
  const introduction = connection.data && !('connected' in connection.data) ? introductionPrefill(connection.data) : null;
  return (
    <Flex as="nav" aria-label={`Actions for ${name}`} gap="2" wrap="wrap" align="center" data-testid="profile-actions">
      <Button colorPalette="brand" onClick={() => setVouching(true)}>
        Vouch for {name}
      </Button>
      {introduction ? (
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to={requestIntroPath(introduction)}>Request an introduction</RouterLink>
        </Button>
      ) : null}
      <AskVouchButton memberId={memberId} name={name} />
      <LazyCreateVouchDialog open={vouching} onOpenChange={setVouching} prefill={{ memberId, name }} />
    </Flex>
  );
}
