// Runs the subscriptions service on its own (the gateway proxies to it when SUBSCRIPTIONS_SERVICE_URL is set).
import { runService } from '@vouch/service-core';
import subscriptions from './index';

void runService(subscriptions, { handleSignals: true });
