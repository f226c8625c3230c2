/** The public vouch's banner: its heading and who vouched for (or invited) whom. */
import { publicVouchHeading, type Vouch } from '@vouch/contracts';
import { Box, Center, Heading, ShieldCheckIcon, Text, UserPlusIcon } from '@vouch/ui';

export function PublicVouchHero({ vouch }: { vouch: Vouch }) {
  const invite = vouch.type === 'invite';
  return (
    <Box bgGradient="to-br" gradientFrom="brand.600" gradientTo="brand.800" color="white" px={{ base: '6', md: '8' }} pt="8" pb="7" textAlign="center">
      <Center boxSize="14" mx="auto" rounded="full" bg="whiteAlpha.200" borderWidth="1px" borderColor="whiteAlpha.400">
        {invite ? <UserPlusIcon boxSize="7" /> : <ShieldCheckIcon boxSize="7" />}
      </Center>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" mt="3">
        {publicVouchHeading(vouch.type)}
      </Heading>
      <Text mt="2" color="whiteAlpha.900">
        {invite ? (
          <>
            <b>{vouch.voucherName}</b> invited <b>{vouch.recipientName}</b> to join a professional network built on trust.
          </>
        ) : (
          <>
            <b>{vouch.voucherName}</b> vouched for <b>{vouch.recipientName}</b>.
          </>
        )}
      </Text>
    </Box>
  );
}
