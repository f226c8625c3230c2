import type { Migration } from '@vouch/service-core';
import { createTables } from './202611270300-notifications-create-tables';
import { oneOutbox } from './202612010000-notifications-one-outbox';
import { deliveryClaims } from './202612101130-notifications-delivery-claims';

export const migrations: Migration[] = [createTables, oneOutbox, deliveryClaims];
