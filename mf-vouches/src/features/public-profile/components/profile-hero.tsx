/** The profile's banner: name, headline, vouch count, member since, who vouched, Share Profile. */
import type { PublicProfile } from '@vouch/contracts';
import { Badge, Box, Button, Center, Flex, Heading, SendIcon, ShieldCheckIcon, Text } from '@vouch/ui';
import { shareLink } from '../../../lib/share-link';
import { profilePageTitle } from '../lib/page-title';
import { ProfileVouchedBy } from './profile-vouched-by';

export function ProfileHero({ data, url }: { data: PublicProfile; url: string }) {
  const { user, stats, viewer } = data;
  return (
    <Box rounded="2xl" overflow="hidden" shadow="md" bgGradient="to-br" gradientFrom="brand.600" gradientTo="brand.800" color="white" px={{ base: '6', md: '8' }} py={{ base: '7', md: '9' }}>
      <Flex gap="5" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Center boxSize="16" rounded="full" bg="whiteAlpha.200" flexShrink={0}>
          <ShieldCheckIcon boxSize="8" aria-hidden="true" />
        </Center>
        <Box flex="1" minW="0">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" data-testid="profile-name">
            {user.name}
          </Heading>
          {data.profile.headline ? (
            <Text mt="1" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900" data-testid="profile-headline">
              {data.profile.headline}
            </Text>
          ) : null}
          <Flex gap="2" mt="2" wrap="wrap" align="center" color="whiteAlpha.900" fontSize="sm">
            <Badge bg="whiteAlpha.200" color="white" rounded="full" px="2.5" data-testid="profile-vouch-count">
              {stats.vouchCount} {stats.vouchCount === 1 ? 'Vouch' : 'Vouches'}
            </Badge>
            <Text data-testid="profile-member-since">Member since {user.memberSince}</Text>
          </Flex>
          {viewer && !viewer.isOwner ? <ProfileVouchedBy viewer={viewer} /> : null}
          {viewer?.isOwner ? (
            <Text mt="3" fontSize="sm" color="whiteAlpha.900" data-testid="profile-owner-note">
              This is your public profile, as visitors see it.
            </Text>
          ) : null}
        </Box>
        <Button
          bg="white"
          color="brand.700"
          _hover={{ bg: 'brand.50' }}
          flexShrink={0}
          onClick={() => void shareLink({ url, title: profilePageTitle(user.name), text: `${user.name} on Vouch` })}
        >
          <SendIcon boxSize="4" aria-hidden="true" />
          Share Profile
        </Button>
      </Flex>
    </Box>
  );
}
