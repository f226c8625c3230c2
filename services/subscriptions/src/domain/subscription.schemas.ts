import { z } from 'zod';

/** POST /api/subscriptions/create. Which plans may be bought is checked by the use case, with its own sentence. */
export const createSubscriptionBody = z.object({
  plan: z.string().trim().min(1, 'Plan is required: choose premium or enterprise.').max(40),
});

/** Cancel and portal take no input; an empty or absent body is fine, anything else is refused. */
export const emptyBody = z.object({}).strict().optional();

// The response shapes are shared with the web (packages/contracts/src/subscriptions.ts).
export {
  cancelSubscriptionResponse,
  createSubscriptionResponse,
  currentUsageResponse,
  plansResponse,
  portalResponse,
  subscriptionStatusResponse,
} from '@vouch/contracts';

export const webhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
