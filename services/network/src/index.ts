// The public module of the network service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Nothing else leaves this package.
import service from './service';

export default service;
export { networkOf, analysisOf } from './domain/network-queries';
export type { IntroductionLink, IntroductionLinksProvider } from './domain/introduction-links';
