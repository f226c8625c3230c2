// The public surface of @vouch/service-core: what every service and the gateway code against
// (docs/architecture.md, "services/core").
export { openDatabase, parseDatabaseUrl, isDatabaseUnavailable, isRetryableTransactionError, DEFAULT_SQLITE_FILE } from './database';
export type { Database, Dialect, DatabaseTarget, OpenDatabaseOptions } from './database';
export { runMigrations, revertMigrations } from './migrations';
export type { Migration, MigrationContext } from './migrations';
export { Problem, problems, isProblem, STATUS_TITLES } from './problems';
export type { FieldError, ProblemBody, ProblemOptions } from './problems';
export { parse, toFieldErrors, summarise } from './validation';
export { problemHandler, sendProblem, toProblem } from './error-handler';
export { currentAuth, requireMember } from './auth-context';
export type { AuthContext, MemberAuth } from './auth-context';
export { createLogger, loggableUrl, maskPhone, requestLogLogger, safeError, REDACTED_PATHS, REQUEST_LOG_REDACTED_PATHS } from './logger';
export type { Logger, CreateLoggerOptions } from './logger';
export { serviceUrlVariable } from './service';
export type { ServiceContext, ServiceDefinition, ServiceHooks, ServiceName } from './service';
export { requestId, requestLogger, jsonBody, notFoundOrMethodNotAllowed, JSON_LIMIT } from './http';
export { signInternalAuth, verifyInternalAuth, internalAuth, INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER } from './internal-auth';
export { createServiceApp, runService, checkDatabase } from './service-app';
export type { RunServiceOptions } from './service-app';
export { listen } from './server';
export type { Listening, ListenOptions } from './server';
export { jsonResponse, problemResponse, SIGNED_IN } from './openapi';
export type { OpenApiRegistry } from './openapi';
