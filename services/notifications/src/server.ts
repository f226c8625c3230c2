// Runs the notifications service on its own (the gateway proxies to it when NOTIFICATIONS_SERVICE_URL is set).
import { runService } from '@vouch/service-core';
import notifications from './index';

void runService(notifications, { handleSignals: true });
