/**
 * "Your public profile": while public, its link with Preview, Share Profile and Copy link; while
 * private, why visitors see "Profile Not Found".
 */
import { RouterLink } from '@vouch/shell-sdk';
import { Box, Button, Flex, LockIcon, Text } from '@vouch/ui';
import { copyLink } from '../../../lib/share-link';

export function PublicProfilePreview({ isPublic, profileSlug, url, onShare }: { isPublic: boolean; profileSlug: string; url: string; onShare: () => void }) {
  return (
    <Box bg="brand.50" rounded="xl" p="4" data-testid="public-profile-preview">
      <Text fontSize="sm" fontWeight="semibold" color="brand.800">
        Your public profile
      </Text>
      {isPublic ? (
        <>
          <Text fontSize="sm" color="brand.700" wordBreak="break-all" mt="0.5">
            {url}
          </Text>
          <Flex gap="2" mt="3" wrap="wrap">
            <Button asChild size="sm" variant="outline" colorPalette="brand" bg="white">
              <RouterLink to={`/profile/${encodeURIComponent(profileSlug)}`}>Preview</RouterLink>
            </Button>
            <Button size="sm" colorPalette="brand" onClick={onShare}>
              Share Profile
            </Button>
            <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => void copyLink(url)}>
              Copy link
            </Button>
          </Flex>
        </>
      ) : (
        <Flex align="center" gap="2" mt="1" color="brand.800">
          <LockIcon boxSize="3.5" aria-hidden="true" />
          <Text fontSize="sm">Your profile is private: visitors see "Profile Not Found". Make it public in Profile settings to share it.</Text>
        </Flex>
      )}
    </Box>
  );
}
