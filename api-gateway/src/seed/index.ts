// The demo network of `npm run seed` (api-gateway/src/seed.ts) and its test.
export { seedDemoNetwork } from './seed-demo-network';
export type { SeedOptions, SeedReport } from './seed-demo-network';
export { DEMO_MEMBERS, MAX_SEED_MEMBERS, planDemoNetwork, TYPO_INVITE } from './plan';
