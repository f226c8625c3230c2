/**
 * Query keys that more than one app reads or refreshes. The shell's activity bell reads
 * ACTIVITIES_QUERY_KEY; a remote that creates or answers a vouch invalidates it (SPEC §7).
 */
export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
