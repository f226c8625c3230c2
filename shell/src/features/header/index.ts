/** What other shell features use of the header: how one activity is shown, and marking the feed seen. */
export { ActivityEntry, ActivityTypeIcon } from './components/activity-entry';
export { useMarkActivitiesSeen } from './api/activity-unread';
