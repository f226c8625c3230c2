/**
 * Profile settings from the first sign-in (issue 44): before any vouch, the greyed summary card
 * still opens the settings (name, headline, bio, visibility, URL), which need nothing a vouch gives.
 */
import { Button } from '@vouch/ui';
import { lazy, Suspense, useState } from 'react';
import { useMySummary } from '../api/my-summary';

const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'));

export function ProfileSettingsButton() {
  const summary = useMySummary();
  const [editing, setEditing] = useState(false);
  const profile = summary.data?.profile;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)} disabled={!profile} loading={summary.isPending} data-testid="profile-settings-open">
        Profile settings
      </Button>
      <Suspense fallback={null}>{editing && profile ? <ProfileSettingsDialog open={editing} onOpenChange={setEditing} profile={profile} /> : null}</Suspense>
    </>
  );
}
