// The public module of the notifications service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Delivery lives in ./worker (the worker process only).
export { notificationsService as default } from './service';
export { queueNotification } from './domain/notify';
export { notificationsMemberData } from './member-data';
export { pushConfigProblems } from './config';
