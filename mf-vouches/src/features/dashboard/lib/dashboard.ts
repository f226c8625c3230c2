/** What the dashboard shows for which member (SPEC "Dashboard", §6). Pure. */
// The state's rule lives in contracts, beside the page's first reads (the gateway preloads them by it).
export { dashboardState, type DashboardState } from '@vouch/contracts';
// The greeting too: the gateway sends it in the page's first screen (issue 41).
export { greeting } from '@vouch/contracts';

/** `?newUser=true`, set after a new member's first accepted vouch (public Vouch page). */
export const isNewUserVisit = (search: URLSearchParams): boolean => search.get('newUser') === 'true';
