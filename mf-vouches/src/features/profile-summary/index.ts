/** The profile summary feature's surface inside mf-vouches (the dashboard and Stats use it). */
export { getMySummary, profileKeys, useMySummary } from './api/my-summary';
export { useUpdateProfile } from './api/update-profile';
export { LockedProfileSummary, ProfileSummaryCard, ProfileSummaryPending } from './components/profile-summary-card';
export { TagList } from './components/tag-list';
export * from './lib/profile-summary';
export { copyLink, shareLink } from './lib/share-link';
export { PROFILE_LOAD_ERROR, ProfileLoadError, ProfileSummarySection } from './components/profile-summary-section';
