// Runs the auth service on its own (AUTH_SERVICE_URL on the gateway points here).
import { runService } from '@vouch/service-core';
import authService from './index';

void runService(authService, { handleSignals: true });
