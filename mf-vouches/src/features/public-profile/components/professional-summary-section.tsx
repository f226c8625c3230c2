/** "Professional Summary": the summary text, the member's own "About" bio, skill and trait tags. */
import type { PublicProfile } from '@vouch/contracts';
import { Box, Stack, Text } from '@vouch/ui';
import { TagList } from '../../../components/tag-list';
import { summaryText } from '../../../lib/profile-summary';
import { ProfileSection } from './profile-layout';

export function ProfessionalSummarySection({ data }: { data: PublicProfile }) {
  const bio = data.profile.customBio?.trim();
  const hasTags = data.stats.skillTags.length > 0 || data.stats.traitTags.length > 0;
  return (
    <ProfileSection id="profile-summary-title" title="Professional Summary">
      <Text color="gray.700" fontSize="md" data-testid="public-profile-summary">
        {summaryText(data.profile)}
      </Text>
      {bio ? (
        <Box mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
            About
          </Text>
          <Text color="gray.800" whiteSpace="pre-line" data-testid="public-profile-bio">
            {bio}
          </Text>
        </Box>
      ) : null}
      {hasTags ? (
        <Stack gap="4" mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100">
          <TagList label="Skills" tags={data.stats.skillTags} palette="brand" testId="public-skill-tags" />
          <TagList label="Character traits" tags={data.stats.traitTags} palette="purple" testId="public-trait-tags" />
        </Stack>
      ) : null}
    </ProfileSection>
  );
}
