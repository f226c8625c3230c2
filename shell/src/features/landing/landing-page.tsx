/** The public landing page, exactly the parts of SPEC "Landing page". */
import type { UserProfile } from '@vouch/contracts';
import { Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Stack, Text } from '@vouch/ui';
import { RouterLink, useFirstScreenDone, useSecondPass } from '@vouch/shell-sdk/base';
import { useEffect } from 'react';
import { LANDING_HERO, LANDING_PAGE } from '@vouch/contracts';
import { Logo } from '../../layout/logo';
import { FeatureCards } from './feature-cards';
import { LandingNav } from './landing-nav';
import { formatCount } from './landing-stats';
import { Slideshow } from './slideshow';
import { useLandingStats } from './api/use-landing-stats';
import { useSessionMember } from './use-session-member';

function Stat({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Box>
      <Text data-testid={testId} fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="gray.900" lineHeight="1.1">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

function LandingStatsRow() {
  const { stats, isLoading } = useLandingStats();
  // The row keeps its place when there is nothing to show, so the hero does not move.
  const show = (pick: (figures: NonNullable<typeof stats>) => number) => (stats ? formatCount(pick(stats)) : '–');
  return (
    <HStack gap={{ base: '6', md: '10' }} pt="4" aria-busy={isLoading} aria-hidden={!isLoading && !stats} visibility={!isLoading && !stats ? 'hidden' : undefined} data-testid="landing-stats">
      <Stat testId="stat-members" value={show((figures) => figures.members)} label="Trusted Members" />
      <Stat testId="stat-vouches" value={show((figures) => figures.vouches)} label="Vouches Given" />
    </HStack>
  );
}

/** Get Started Free and Sign In for a visitor; the way back in for a member (issue 28). */
function HeroActions({ member }: { member: UserProfile | null | undefined }) {
  if (member) {
    return (
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/dashboard">Go to Dashboard</RouterLink>
      </Button>
    );
  }
  return (
    <>
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/auth">{LANDING_HERO.primary}</RouterLink>
      </Button>
      <Button asChild variant="outline" size="lg">
        <RouterLink to="/auth">{LANDING_HERO.secondary}</RouterLink>
      </Button>
    </>
  );
}

function Hero({ complete, member }: { complete: boolean; member: UserProfile | null | undefined }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1.05fr 1fr' }} gap={{ base: '10', lg: '14' }} alignItems="center">
      <Stack gap="6">
        <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
          {LANDING_HERO.badge}
        </Badge>
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} lineHeight="1.08" letterSpacing="-0.03em" color="gray.900">
          {LANDING_HERO.headline}{' '}
          <Text as="span" color="brand.600">
            {LANDING_HERO.highlight}
          </Text>
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.600" maxW="xl">
          {LANDING_HERO.lead}
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <HeroActions member={member} />
        </HStack>
        {complete ? <LandingStatsRow /> : null}
      </Stack>
      {complete ? <Slideshow /> : null}
    </Grid>
  );
}

/** Below the hero on a phone: the features. */
function BelowTheFold() {
  return (
    <>
      <Stack as="section" gap="8" aria-labelledby="features-heading">
        <Stack gap="2" textAlign="center" align="center">
          <Heading id="features-heading" as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Trust you can see, connections that count
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Vouch replaces endless contact lists with a small network of people who will stand behind you.
          </Text>
        </Stack>
        <FeatureCards />
      </Stack>
    </>
  );
}

function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="gray.100" py="8">
      <Container maxW="6xl">
        <Flex justify="space-between" align="center" gap="4" flexWrap="wrap">
          <Logo size={6} />
          <Text fontSize="sm" color="fg.muted">
            © {new Date().getFullYear()} Vouch. Built on trust.
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  // The header and the hero's words first, the rest (the stats, the slideshow, what is below) in
  // a second commit; then the gateway's first screen of this page (its HTML) gives way to it.
  const complete = useSecondPass();
  useFirstScreenDone(complete);
  const member = useSessionMember();
  useEffect(() => {
    document.title = LANDING_PAGE.title;
  }, []);

  return (
    <Box minH="100vh" bgGradient="to-b" gradientFrom="brand.50" gradientTo="white">
      <LandingNav member={member} />
      <Container as="main" maxW="6xl" py={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '14', md: '20' }}>
          <Hero complete={complete} member={member} />
          {complete ? <BelowTheFold /> : null}
        </Stack>
      </Container>
      {complete ? <Footer /> : null}
    </Box>
  );
}
