// The vouches service's routes: each feature's router, given the same dependencies, matched in the
// order they always were (vouching, then profiles, then asks).
import { Router } from 'express';
import type { ServiceContext } from '@vouch/service-core';
import { readVouchesConfig } from './config';
import { systemClock, type Clock } from './domain/clock';
import type { VouchesDeps } from './domain/vouches-deps';
import { vouchingRouter } from './features/vouching';
import { profilesRouter } from './features/profiles';
import { vouchAsksRouter } from './features/asks';

/** What tests (and embedders) may add to the ServiceContext: a clock to move expiry by hand. */
export interface VouchesRouterContext extends ServiceContext {
  clock?: Clock;
}

export function vouchesRouter(ctx: VouchesRouterContext): Router {
  const config = readVouchesConfig(ctx.env);
  const deps: VouchesDeps = { db: ctx.db, clock: ctx.clock ?? systemClock, expiryDays: config.expiryDays };
  const router = Router();
  router.use(vouchingRouter(ctx, deps));
  router.use(profilesRouter(deps));
  router.use(vouchAsksRouter(deps));
  return router;
}
