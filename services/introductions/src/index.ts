// The public module of the introductions service (docs/architecture.md): its ServiceDefinition
// and what other services may call. Nothing else leaves this package.
import service from './service';

export default service;
export { introductionFacts } from './domain/introduction-facts';
export type { IntroductionFacts } from './domain/introduction-facts';
