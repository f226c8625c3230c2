/**
 * Query keys of the subscription reads. Other remotes that spend quota (vouches, introductions)
 * may invalidate `USAGE_QUERY_KEY` after a write to keep the bars honest.
 */
export const PLANS_QUERY_KEY = ['subscriptions', 'plans'] as const;
export const SUBSCRIPTION_STATUS_QUERY_KEY = ['subscriptions', 'status'] as const;
export const USAGE_QUERY_KEY = ['usage', 'current'] as const;
