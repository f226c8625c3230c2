/** What the rest of the shell uses of the header: the header itself (the layouts frame pages with it), how one activity is shown, and marking the feed seen. */
export { SignedInHeader } from './components/signed-in-header';
export { ActivityEntry, ActivityTypeIcon } from './components/activity-entry';
export { useMarkActivitiesSeen } from './api/activity-unread';
