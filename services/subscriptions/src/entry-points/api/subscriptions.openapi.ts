import { BODY_PROBLEMS, jsonRequestBody, jsonResponse as json, problemResponse as problem, PUBLIC, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  cancelSubscriptionResponse,
  createSubscriptionResponse,
  currentUsageResponse,
  plansResponse,
  portalResponse,
  subscriptionStatusResponse,
  webhookResponse,
} from '../../domain/subscription.schemas';
import { PAID_PLAN_NAMES } from '../../domain/plans';
import { z } from 'zod';

const signedIn = { 401: unauthorizedResponse('Not signed in') };
const tags = ['subscriptions'];
// The service reads any text and names the plans in its 400; the document lists them.
const createSubscriptionBodyDoc = z.object({ plan: z.enum(PAID_PLAN_NAMES).describe('A paid plan') });

export function registerSubscriptionsOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/subscriptions/plans',
    operationId: 'listPlans',
    tags,
    security: PUBLIC,
    summary: 'The three plans with price, monthly allowances and features, and which billing provider is active (public)',
    responses: { 200: json(plansResponse, 'Plans, cheapest first') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/subscriptions/status',
    operationId: 'getSubscriptionStatus',
    tags,
    security: SIGNED_IN,
    summary: "The signed-in member's plan and status (free/active without a subscription)",
    responses: { 200: json(subscriptionStatusResponse, 'Current plan'), ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/usage/current',
    operationId: 'getCurrentUsage',
    tags,
    security: SIGNED_IN,
    summary: "This calendar month's (UTC) usage against the plan's allowances; monthly -1 means unlimited",
    responses: { 200: json(currentUsageResponse, 'Usage'), ...signedIn },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/subscriptions/create',
    operationId: 'createSubscription',
    tags,
    security: SIGNED_IN,
    summary: `Buy or switch to a paid plan (${PAID_PLAN_NAMES.join(', ')}). Stripe: returns the Payment Element client secret; the plan changes when payment succeeds. Local billing: the plan changes at once.`,
    request: { body: jsonRequestBody(createSubscriptionBodyDoc, { plan: 'premium' }, false) },
    responses: {
      200: json(createSubscriptionResponse, 'Subscription started'),
      400: problem('Unknown plan, Network Builder (the free plan), or a malformed body'),
      ...signedIn,
      409: problem('Already on this plan'),
      ...BODY_PROBLEMS,
      502: problem('Stripe failed; nothing was changed'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/subscriptions/cancel',
    operationId: 'cancelSubscription',
    tags,
    security: SIGNED_IN,
    summary: 'Cancel the paid plan. Stripe: at the end of the paid period. Local billing: back to Network Builder (the free plan) at once.',
    responses: {
      200: json(cancelSubscriptionResponse, 'Cancelled'),
      ...signedIn,
      409: problem('No paid subscription to cancel'),
      502: problem('Stripe failed; nothing was changed'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/subscriptions/portal',
    operationId: 'createBillingPortalSession',
    tags,
    security: SIGNED_IN,
    summary: "A Stripe customer-portal URL (return to APP_URL/subscription, else the caller's origin)",
    responses: {
      200: json(portalResponse, 'Portal session'),
      400: problem('Local billing, or no billing account yet'),
      ...signedIn,
      502: problem('Stripe failed'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/stripe/webhook',
    operationId: 'receiveStripeWebhook',
    tags,
    // Not a member's call: Stripe proves itself with the signature header instead.
    security: PUBLIC,
    summary: 'Stripe webhook (signed; raw body). Subscription and invoice events update the plan; each event id is applied once.',
    request: { headers: z.object({ 'stripe-signature': z.string() }) },
    responses: {
      200: json(webhookResponse, 'Acknowledged (also for replays)'),
      400: problem('Missing or invalid signature'),
      404: problem('Stripe billing is not configured'),
      ...BODY_PROBLEMS,
    },
  });
}
