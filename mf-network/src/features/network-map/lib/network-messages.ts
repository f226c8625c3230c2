/** The network map's sentences for a failed load, no connections yet, and a signed-out visitor. */
export const NETWORK_MESSAGES = {
  error: 'Failed to load network data - Please try refreshing the page',
  emptyTitle: 'Build Your Network',
  signedOut: 'Please sign in to view your network map.',
} as const;
