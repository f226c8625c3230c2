// The public surface of @vouch/service-core: what every service and the gateway code against
// (docs/architecture.md, "services/core").
export { openDatabase, parseDatabaseUrl, isDatabaseBusy, isDatabaseUnavailable, isRetryableTransactionError, isStatementTimeout, statementTimeoutSetting, StatementTimeoutError, DEFAULT_SQLITE_FILE, DEFAULT_STATEMENT_TIMEOUT_MS, MAX_PREPARED_STATEMENTS_PER_CONNECTION } from './database';
export type { Database, Dialect, DatabaseTarget, OpenDatabaseOptions, PoolStatus, Replacements, StallReport } from './database';
export { idList, selectRows } from './bulk-read';
export { migrateUnlessStopped, rebuildSqliteTable, runMigrations, revertMigrations } from './migrations';
export type { Migration, MigrationContext, MigrationLog, MigrationOptions, MigrationRun } from './migrations';
export { Problem, problems, isProblem, PROBLEM_CODE_DOCS, PROBLEM_CODES, PROBLEM_LANGUAGES, PROBLEM_TYPE_BASE, problemType, STATUS_TITLES } from './problems';
export type { FieldError, ProblemBody, ProblemCode, ProblemOptions } from './problems';
export { idPath, parse, routeId, toFieldErrors, summarise } from './validation';
export { problemHandler, sendProblem, toProblem } from './error-handler';
export { currentAuth, requireMember, requireSession, unauthenticated } from './auth-context';
export type { AuthContext, MemberAuth, SessionRefusal } from './auth-context';
export { createLogger, loggableUrl, maskPhone, requestLog, requestLogLogger, safeError, REDACTED_PATHS } from './logger';
export type { Logger, CreateLoggerOptions, RequestLogOptions } from './logger';
export { serviceRoutes, servesPath, serviceUrlVariable } from './service';
export { IncompleteConfiguration, isDevelopmentMode, LOCAL_DEMO_SWITCH, missingSetting, modeProblems, publicUrlProblems, refuseIncompleteConfig } from './runtime-mode';
export type { ConfigCheck } from './runtime-mode';
export type { ServiceContext, ServiceDefinition, ServiceName } from './service';
export { answerConditionalRequests, isFresh, requestId, requestIdFor, requestLogger, jsonBody, memberRead, notFoundOrMethodNotAllowed, personalRead, routeAnswers, JSON_LIMIT } from './http';
export { bodyDigest, signInternalAuth, signedBody, verifyInternalAuth, verifyForwardedIdentity, internalAuth, NonceRegister, INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER } from './internal-auth';
export type { ForwardedIdentity, SignOptions } from './internal-auth';
export { claimIdempotencyKey, idempotencyScope, idempotentWrites, isKeepable, purgeExpiredIdempotencyKeys, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_MIGRATIONS, IDEMPOTENT_REPLAYED_HEADER } from './idempotency';
export type { IdempotentWritesOptions, KeyClaim } from './idempotency';
export { addDevSms, listDevSms, DEV_SMS_OUTBOX_CAPACITY, DEV_SMS_OUTBOX_MIGRATIONS, CORE_MIGRATIONS } from './dev-sms-outbox';
export type { DevSmsMessage } from './dev-sms-outbox';
export { createServiceApp, runService, checkDatabase } from './service-app';
export type { RunServiceOptions } from './service-app';
export { listen } from './server';
export { runScript } from './script';
export type { ScriptProgress, RunScriptOptions } from './script';
export type { Listening, ListenOptions } from './server';
export { BODY_PROBLEMS, EXPENSIVE_READ_PROBLEMS, jsonRequestBody, jsonResponse, pagedResponse, pageQuery, problemResponse, RATE_LIMIT_HEADERS, removedItemSchema, syncPageQuery, syncQuery, syncResponse, SYNC_PROBLEMS, problemSchema, PUBLIC, SIGNED_IN, tooManyRequestsResponse, unauthorizedResponse } from './openapi';
export type { OpenApiRegistry } from './openapi';
export { DEFAULT_PAGE_LIMITS, encodeCursor, instantReplacement, keysetAfter, pageAnswer, pageOf, parsePage, sendPage } from './paging';
export { changeCursor, changedFirst, changedSinceOf, changedSinceWhere, parseUpdatedSince, UPDATED_SINCE_MESSAGE } from './sync';
export {
  committedThrough,
  DEFAULT_SYNC_TOKEN_DAYS,
  EVERYONE,
  forgetSyncAudiences,
  MEMBER_RECORDS,
  memberAudience,
  parseSyncQuery,
  phoneAudience,
  purgeSyncLog,
  purgeWindowDays,
  recordChanges,
  removalOf,
  removedItem,
  removalProblem,
  SYNC_MIGRATIONS,
  SYNC_REMOVAL_REASONS,
  SYNC_TOKEN_EXPIRED_MESSAGE,
  SYNC_TOKEN_INVALID_MESSAGE,
  syncPage,
  syncTokenDays,
  syncTokenWindow,
} from './sync-log';
export type { RelatedChanges, RemovedItem, SyncAnswer, SyncChange, SyncedList, SyncOptions, SyncRemoval } from './sync-log';
export { createMemberReadCache, memberReadCacheTtlMs, DEFAULT_MEMBER_READ_CACHE_SECONDS } from './member-read-cache';
export type { MemberReadAnswer, MemberReadCache, MemberReadCacheOptions, MemberWriteStamps } from './member-read-cache';
export { rateLimitHeaders, sendRateLimitHeaders } from './rate-limit-headers';
export type { RateLimitState } from './rate-limit-headers';
export { createSingleFlightCache, cacheSecondsSetting } from './single-flight-cache';
export { createExpensiveReadLimiter, expensiveReadLimits, expensiveReads, DEFAULT_EXPENSIVE_READ_LIMITS, EXPENSIVE_READS_BUSY, EXPENSIVE_READS_LIMITED } from './expensive-reads';
export type { ExpensiveReadLimiter, ExpensiveReadLimits } from './expensive-reads';
export type { SingleFlightCache, SingleFlightCacheOptions } from './single-flight-cache';
export type { Cursor, PageLimits, PageRequest } from './paging';
