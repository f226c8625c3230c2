// Profiles: a member's profile (its URL, headline, bio), my summary, public profiles and their
// views. The feature's public surface: other features and the service's composition import this
// file, never the ones behind it.
export { profilesRouter } from './entry-points/api/profiles.router';
export { registerProfilesOpenApi } from './entry-points/api/profiles.openapi';
export { isReleasedProfileUrl, publicProfilePreview, publicProfilesInRange, highestProfileId } from './domain/profile-queries';
export type { PublicProfilePreview, ListedProfile } from './domain/profile-queries';
export { countProfileView, flushProfileViews, logProfileViewsTo, profileViewCounts, PROFILE_VIEW_FLUSH_MS, PROFILE_VIEW_MAX_WAITING, type ProfileViewCounts } from './domain/profile-views';
// A member's data (export, forget): their profile is made, and a URL let go, by these rules.
export { ensureProfile } from './domain/profile';
export { releaseHoldStart } from './domain/profile-urls';
// The migration that gave every member a profile URL.
export { nextFreeSlug, slugBase } from './domain/profile-text';
