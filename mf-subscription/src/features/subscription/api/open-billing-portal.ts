/** POST /api/subscriptions/portal → { url }: Stripe's customer portal; the browser goes there. */
import { api, useMutation } from '@vouch/shell-sdk';
import type { PortalResult } from '@vouch/contracts';

export function openBillingPortal(): Promise<PortalResult> {
  return api.post<PortalResult>('/api/subscriptions/portal', {});
}

export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
