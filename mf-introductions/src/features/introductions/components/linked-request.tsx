/**
 * The request a notification's link names (`?request=`, My Requests) when it is further back than
 * the pages loaded (issue 40): fetched by id and shown on top, marked; or a line saying it is gone.
 */
import type { IntroductionRequest } from '@vouch/contracts';
import { useCurrentUser, useLinkedItem } from '@vouch/shell-sdk';
import { LinkedGone } from '@vouch/ui';
import { introductionKeys } from '../api/query-keys';
import { AddressedRequestCard } from './addressed-request-card';
import { MyRequestCard } from './request-cards';

export function LinkedMyRequest({ loaded }: { loaded: readonly IntroductionRequest[] | undefined }) {
  const linked = useLinkedItem<IntroductionRequest>('request', { queryKey: introductionKeys.my, loaded }, (id) => `/api/introduction-requests/${id}`);
  const { user } = useCurrentUser();
  const request = linked.item;
  // The connector and the target may read it too, but it is the requester's: only they list it here.
  if (request && user && request.connector?.id !== user.id && request.addressedTo?.id !== user.id) {
    return request.addressedTo ? <AddressedRequestCard request={request} /> : <MyRequestCard request={request} />;
  }
  return linked.gone ? <LinkedGone>This introduction request is no longer there.</LinkedGone> : null;
}
