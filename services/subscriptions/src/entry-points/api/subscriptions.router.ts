import express, { Router, type Request } from 'express';
import { isDevelopmentMode, memberRead, parse, problems, requireMember, type ServiceContext } from '@vouch/service-core';
import { getMember } from '@vouch/service-auth';
import { createBillingProvider } from '../../domain/billing/select-billing-provider';
import { handleStripeEvent } from '../../domain/stripe-webhook.use-case';
import {
  cancelSubscription,
  getCurrentUsage,
  getSubscriptionStatus,
  listPlans,
  openBillingPortal,
  startSubscription,
  type SubscriptionsDeps,
} from '../../domain/subscription.use-case';
import { createSubscriptionBody, emptyBody } from '../../domain/subscription.schemas';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Where the billing portal sends the member back: APP_URL (or PUBLIC_URL); the caller's own
 * origin only in development mode (anywhere else PUBLIC_URL is required at start: a forged Host
 * must not become a link Stripe shows).
 */
function returnUrl(req: Request, env: NodeJS.ProcessEnv): string {
  const base = env.APP_URL || env.PUBLIC_URL || (isDevelopmentMode(env) ? req.get('origin') || `${req.protocol}://${req.get('host')}` : null);
  if (!base) throw problems.serviceUnavailable('The billing portal needs PUBLIC_URL to be configured.');
  return new URL('/subscription', base).toString();
}

export function subscriptionsRouter(ctx: ServiceContext): Router {
  const billing = createBillingProvider(ctx.db, ctx.env);
  const deps: SubscriptionsDeps = {
    db: ctx.db,
    billing,
    async customerDetails(memberId) {
      const member = await getMember(ctx.db, memberId);
      return { name: member?.name ?? null, phone: member?.phone ?? null };
    },
  };
  ctx.logger.info({ provider: billing.name }, `billing provider: ${billing.name}`);
  const router = Router();

  // Stripe signs the exact bytes it sent. The JSON parser in front of every service keeps them
  // in req.rawBody; when no parser ran (or another type was sent), read the raw body here.
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (billing.name !== 'stripe') throw problems.notFound('Stripe billing is not configured on this server.');
    const raw = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : null);
    if (!raw || raw.length === 0) throw problems.badRequest('The webhook body is empty.');
    const event = billing.constructEvent(raw, req.get('stripe-signature'));
    const outcome = await handleStripeEvent(ctx.db, billing, event);
    ctx.logger.info({ eventId: event.id, type: event.type, outcome, reqId: req.requestId }, 'stripe webhook');
    res.json({ received: true, outcome });
  });

  router.get('/api/subscriptions/plans', (_req, res) => {
    res.json(listPlans(billing));
  });

  router.get('/api/subscriptions/status', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await getSubscriptionStatus(ctx.db, memberId));
  });

  router.get('/api/usage/current', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await getCurrentUsage(ctx.db, memberId));
  });

  router.post('/api/subscriptions/create', async (req, res) => {
    const { memberId } = requireMember(req);
    const { plan } = parse(createSubscriptionBody, req.body);
    res.json(await startSubscription(deps, memberId, plan));
  });

  router.post('/api/subscriptions/cancel', async (req, res) => {
    const { memberId } = requireMember(req);
    parse(emptyBody, req.body);
    res.json(await cancelSubscription(deps, memberId));
  });

  router.post('/api/subscriptions/portal', async (req, res) => {
    const { memberId } = requireMember(req);
    parse(emptyBody, req.body);
    res.json(await openBillingPortal(deps, memberId, returnUrl(req, ctx.env)));
  });

  return router;
}
