/**
 * The profile summary card (SPEC "Profile summary card"): vouch, recommendation and invitation
 * counts, the summary, up to 8 skill and 8 trait tags, the 2 most recent vouches, a preview of
 * the public profile, and — only while the profile is public — Share (QR code + link) and Copy
 * link. Settings (public or private, custom bio) open a dialog. Rendered only with a profile and
 * at least one vouch (`hasSummaryCard`); otherwise `ProfileSummaryPending` says why.
 */
import type { MySummary } from '@vouch/contracts';
import { Badge, Button, Flex, Heading, Stack, Text } from '@vouch/ui';
import { lazy, Suspense, useState } from 'react';
import { TagList } from '../../../components/tag-list';
import { publicProfileUrl, summaryText } from '../../../lib/profile-summary';
import { PublicProfilePreview } from './public-profile-preview';
import { SummaryCardFrame } from './summary-card-frame';
import { SummaryCounts } from './summary-counts';
import { SummaryRecentVouches } from './summary-recent-vouches';

const ShareProfileDialog = lazy(() => import('./share-profile-dialog'));
const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'));

export function ProfileSummaryCard({ summary, name }: { summary: MySummary; name: string }) {
  const { profile, stats } = summary;
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const url = publicProfileUrl(window.location.origin, profile.profileSlug);
  return (
    <SummaryCardFrame testId="profile-summary">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Flex align="center" gap="2">
          <Heading id="profile-summary-heading" as="h2" size="lg" letterSpacing="-0.01em">
            Profile Summary
          </Heading>
          <Badge colorPalette={profile.isPublic ? 'green' : 'gray'} variant="subtle" rounded="full" data-testid="profile-visibility">
            {profile.isPublic ? 'Public' : 'Private'}
          </Badge>
        </Flex>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Profile settings
        </Button>
      </Flex>

      <Stack gap="5">
        <SummaryCounts stats={stats} />

        <Text color="gray.700" data-testid="profile-summary-text">
          {summaryText(profile)}
        </Text>

        <TagList label="Skills" tags={stats.skillTags} palette="brand" testId="summary-skill-tags" />
        <TagList label="Character traits" tags={stats.traitTags} palette="purple" testId="summary-trait-tags" />

        <SummaryRecentVouches vouches={summary.vouches} />

        <PublicProfilePreview isPublic={profile.isPublic} profileSlug={profile.profileSlug} url={url} onShare={() => setSharing(true)} />
      </Stack>

      <Suspense fallback={null}>
        {sharing ? <ShareProfileDialog open={sharing} onOpenChange={setSharing} url={url} name={name} /> : null}
        {editing ? <ProfileSettingsDialog open={editing} onOpenChange={setEditing} profile={profile} /> : null}
      </Suspense>
    </SummaryCardFrame>
  );
}
