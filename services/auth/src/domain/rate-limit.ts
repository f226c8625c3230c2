import { isIPv4, isIPv6 } from 'node:net';
import type { Database, RateLimitState } from '@vouch/service-core';
import { problems } from '@vouch/service-core';
import type { RateLimitRule } from '../config';
import { hitRateLimitBucket } from '../data-access/rate-limit.repository';
import type { Clock } from './clock';

/** Result of counting one event against a rule. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function decide(points: number, resetAt: Date, rule: RateLimitRule, now: Date): RateLimitDecision {
  if (points <= rule.points) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) };
}

/** Where a counted quota is reported (RateLimit-Policy / RateLimit): its policy name and the request's list. */
export interface QuotaReport {
  policy: string;
  into: RateLimitState[];
}

/**
 * Counts one event for `key` under `rule` (stored in the database, shared by every gateway
 * instance) and throws a 429 problem with Retry-After once the rule is exceeded. With `report`,
 * the quota as counted (refused or not) is added to the request's list for its headers.
 */
export async function enforceRateLimit(db: Database, clock: Clock, key: string, rule: RateLimitRule, detail: string, report?: QuotaReport): Promise<void> {
  if (rule.points <= 0) return;
  const now = clock();
  const { points, resetAt } = await hitRateLimitBucket(db, key, rule.windowSeconds, now);
  report?.into.push({ policy: report.policy, quota: rule.points, windowSeconds: rule.windowSeconds, remaining: rule.points - points, resetSeconds: (resetAt.getTime() - now.getTime()) / 1000 });
  const decision = decide(points, resetAt, rule, now);
  if (!decision.allowed) throw problems.tooManyRequests(detail, decision.retryAfterSeconds);
}

/**
 * The client address a limit counts under. An IPv6 client usually holds a whole /64 (and can
 * change its /128 at will), so IPv6 addresses count per /64 prefix; an IPv4-mapped IPv6 address
 * counts as its IPv4 address.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/**
 * Where a session was used, as its member sees it in the sessions list: the network, never the
 * address ("203.0.113.0/24", "2001:db8:aa::/48"); null for anything that is not an IP address.
 * (A place name would need a geolocation database; the network is what the server knows.)
 */
export function addressPrefix(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 3).join(':')}::/48`;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, "::" filled, an embedded IPv4 tail converted). */
function expandIPv6(ip: string): string[] {
  let address = ip.split('%')[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
