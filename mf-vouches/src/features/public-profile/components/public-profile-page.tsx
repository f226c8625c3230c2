/**
 * /profile/:slug (SPEC "Public profile page"): name, vouch count, member since, Share Profile
 * (the device's share sheet, else copy the link), Professional Summary, the custom bio, skill
 * and trait tags, the three most recent vouches with "+ N more vouches", and a call to join.
 * Each vouch names its voucher (linked to their profile when public). A signed-in visitor on
 * someone else's profile also sees "Vouched by 8 people, 2 of whom you know" and "How you're
 * connected" (ConnectionSection). Unknown or private: "Profile Not Found". An earlier URL of
 * the profile shows it and replaces the address with the current URL (the server 301s it too). The server already sent the title and
 * preview tags in the HTML (api-gateway/src/profile-page.ts); the page keeps the same title.
 */
import { useFirstScreenDone, useParams, useSecondPass } from '@vouch/shell-sdk';
import { Center, Spinner, Stack, Text } from '@vouch/ui';
import { useDeferredValue } from 'react';
import { publicProfileUrl } from '../../../lib/profile-summary';
import { isProfileNotFound, useCurrentProfileAddress, usePublicProfile } from '../api/public-profile';
import { profilePageTitle, usePageTitle } from '../lib/page-title';
import { ConnectionSection } from './connection-section';
import { JoinVouchCall } from './join-vouch-call';
import { ProfessionalSummarySection } from './professional-summary-section';
import { ProfileHero } from './profile-hero';
import { ProfileFrame } from './profile-layout';
import { ProfileActions } from './profile-actions';
import { ProfileNotFound } from './profile-not-found';
import { RecentVouchesSection } from './recent-vouches-section';

export function PublicProfilePage() {
  const { slug = '' } = useParams();
  // The page with its data is the largest render of a visit; a deferred value renders it at a
  // transition's priority, in slices that leave a phone's main thread free between them, instead
  // of one long task when the data arrives (issue 17). The server's first screen shows meanwhile.
  const query = useDeferredValue(usePublicProfile(slug));
  // Opened at an earlier URL of the profile: the address bar shows the current one.
  useCurrentProfileAddress(slug, query.data);
  usePageTitle(query.data ? profilePageTitle(query.data.user.name) : 'Vouch');
  // The hero and the summary first, the vouches and the rest in a second commit; the server's
  // first screen (name, headline, summary) stays until then, or until the error.
  const complete = useSecondPass(query.isSuccess);
  useFirstScreenDone(query.isError || complete);

  if (query.isPending) {
    return (
      <ProfileFrame>
        <Center py="20" gap="3" role="status" aria-live="polite">
          <Spinner color="brand.600" />
          <Text color="fg.muted">Loading profile…</Text>
        </Center>
      </ProfileFrame>
    );
  }
  if (query.isError) return <ProfileNotFound failed={!isProfileNotFound(query.error)} />;

  const data = query.data;
  const url = publicProfileUrl(window.location.origin, data.profile.profileSlug);

  return (
    <ProfileFrame>
      <Stack gap="5" data-testid="public-profile">
        <ProfileHero data={data} url={url} />

        {complete && data.viewer && !data.viewer.isOwner ? <ProfileActions memberId={data.viewer.memberId} name={data.user.name} slug={data.profile.profileSlug} /> : null}
        {complete && data.viewer && !data.viewer.isOwner ? <ConnectionSection slug={data.profile.profileSlug} name={data.user.name} /> : null}

        <ProfessionalSummarySection data={data} />

        {complete ? (
          <>
            <RecentVouchesSection data={data} />
            {data.viewer === null ? <JoinVouchCall /> : null}
          </>
        ) : null}
      </Stack>
    </ProfileFrame>
  );
}
