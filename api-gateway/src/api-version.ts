import type { RequestHandler } from 'express';

/** The versions served. `/api/…` is the current one's unversioned alias (what the web app calls). */
export const API_VERSIONS = ['v1'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export interface VersionDeprecation {
  /** When the version was deprecated (the `Deprecation` header, RFC 9745). */
  deprecatedAt: Date;
  /** When it stops being served (the `Sunset` header, RFC 8594). */
  sunsetAt: Date;
}

/**
 * `API_DEPRECATIONS="v1=2027-01-01/2027-07-01"`: a version deprecated on the first date and
 * sunset on the second (docs/api-versioning.md). Empty by default. Bad values stop the start.
 */
export function apiDeprecations(env: NodeJS.ProcessEnv): Map<ApiVersion, VersionDeprecation> {
  const deprecations = new Map<ApiVersion, VersionDeprecation>();
  for (const entry of (env.API_DEPRECATIONS ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(v\d+)=(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(entry);
    const version = match?.[1] as ApiVersion | undefined;
    if (!match || !version || !API_VERSIONS.includes(version)) {
      throw new Error(`API_DEPRECATIONS: "${entry}" is not "<version>=<deprecated YYYY-MM-DD>/<sunset YYYY-MM-DD>" for one of ${API_VERSIONS.join(', ')}.`);
    }
    const deprecatedAt = new Date(`${match[2]}T00:00:00Z`);
    const sunsetAt = new Date(`${match[3]}T00:00:00Z`);
    if (Number.isNaN(deprecatedAt.getTime()) || Number.isNaN(sunsetAt.getTime()) || sunsetAt <= deprecatedAt) {
      throw new Error(`API_DEPRECATIONS: "${entry}" needs two real dates, the sunset after the deprecation.`);
    }
    deprecations.set(version, { deprecatedAt, sunsetAt });
  }
  return deprecations;
}

const VERSIONED = /^\/api\/(v\d+)(?=\/|$|\?)/;

/**
 * Serves `/api/v1/…` with the same routers as `/api/…` (one router: the path is rewritten before
 * routing; `req.originalUrl` keeps what the client called, so Link headers stay versioned). An
 * unknown version is left alone and ends as a 404. A deprecated version's answers carry
 * `Deprecation` and `Sunset`.
 */
export function apiVersions(env: NodeJS.ProcessEnv): RequestHandler {
  const deprecations = apiDeprecations(env);
  return (req, res, next) => {
    const match = VERSIONED.exec(req.url);
    const version = match?.[1] as ApiVersion | undefined;
    if (!match || !version || !API_VERSIONS.includes(version)) {
      next();
      return;
    }
    req.url = `/api${req.url.slice(match[0].length)}`;
    const deprecation = deprecations.get(version);
    if (deprecation) {
      res.setHeader('Deprecation', `@${Math.floor(deprecation.deprecatedAt.getTime() / 1000)}`);
      res.setHeader('Sunset', deprecation.sunsetAt.toUTCString());
    }
    next();
  };
}
