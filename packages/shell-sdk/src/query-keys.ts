/**
 * Query keys that more than one app reads or refreshes. The shell's activity bell reads
 * ACTIVITIES_QUERY_KEY; a remote that creates or answers a vouch invalidates it (SPEC §7).
 */
export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
/**
 * The member's network (`GET /api/network`, mf_network's map) and onboarding map
 * (`GET /api/onboarding/network-map`): a remote whose write changes them (a vouch created or
 * answered, the Create Vouch dialog closing, SPEC §7) invalidates them.
 */
export const NETWORK_QUERY_KEY = ['network'] as const;
export const ONBOARDING_MAP_QUERY_KEY = ['onboarding-network-map'] as const;
