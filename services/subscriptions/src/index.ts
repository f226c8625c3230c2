// The public module of the subscriptions service (docs/architecture.md): its ServiceDefinition
// and what other services may call. Everything else is internal.
export { subscriptionsService as default } from './service';
export { consumeQuota } from './domain/quota';
export type { QuotaGrant } from './domain/quota';
export { getTier } from './domain/tier';
export type { Tier } from './domain/tier';
export { requiredPlanForSelfSuggestion, requiredPlanForIntroductionDegree, planDisplayName } from './domain/plans';
export type { PlanName } from './domain/plans';
export { currentPlanPreview, subscribeWithLocalBilling } from './domain/subscription.use-case';
export { billingProviderName } from './domain/billing/select-billing-provider';
export { subscriptionsMemberData } from './domain/member-data';
