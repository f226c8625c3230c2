import type { Migration } from '@vouch/service-core';
import { createTables } from './202511230000-vouches-create-tables';
import { createProfiles } from './202511240000-vouches-profiles';
import { graphIndexes } from './202511250000-vouches-graph-indexes';
import { formerVoucher } from './202511270000-vouches-former-voucher';
import { memberProfiles } from './202611270000-vouches-member-profiles';
import { hasSkills } from './202511280000-vouches-has-skills';
import { lastShared } from './202511290000-vouches-last-shared';
import { profileHeadline } from './202511300000-vouches-profile-headline';
import { reputationRuns } from './202511300000-vouches-reputation-runs';
import { activityAboutMember } from './202511300100-vouches-activity-about-member';
import { skillIndex } from './202512010000-vouches-skill-index';
import { memberNeighbours } from './202512020000-vouches-member-neighbours';
import { edgesIndex } from './202512020100-vouches-edges-index';
import { acceptedIndex } from './202512030000-vouches-accepted-index';
import { profileViews } from './202611270100-vouches-profile-views';
import { activityUnread } from './202611280000-vouches-activity-unread';
import { updatedAt } from './202611280100-vouches-updated-at';
import { profileSlugs } from './202611290000-vouches-profile-slugs';
import { vouchAsks } from './202611290000-vouches-vouch-asks';
import { peopleSearch } from './202611290000-vouches-people-search';
import { relationship } from './202611290000-vouches-relationship';
import { postingsByTerm } from './202611300000-vouches-postings-by-term';

/** The vouches service's migrations, oldest first. */
export const migrations: Migration[] = [createTables, createProfiles, graphIndexes, formerVoucher, hasSkills, lastShared, profileHeadline, reputationRuns, activityAboutMember, skillIndex, memberNeighbours, edgesIndex, acceptedIndex, memberProfiles, profileViews, activityUnread, updatedAt, profileSlugs, vouchAsks, peopleSearch, relationship, postingsByTerm];
