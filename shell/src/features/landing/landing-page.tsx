/** The public landing page, exactly the parts of SPEC "Landing page". */
import { Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@vouch/ui';
import { RouterLink, useFirstScreenDone, useSecondPass } from '@vouch/shell-sdk/base';
import { useEffect } from 'react';
import { LANDING_HERO, LANDING_PAGE } from '@vouch/contracts';
import { Logo } from '../../layout/logo';
import { FeatureCards } from './feature-cards';
import { formatCount } from './landing-stats';
import { Slideshow } from './slideshow';
import { useLandingStats } from './use-landing-stats';
import { WaitlistWidget } from './waitlist-widget';

function LandingNav() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="docked" bg="whiteAlpha.900" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="gray.100">
      <Container maxW="6xl" py="3">
        <Flex as="nav" aria-label="Main" align="center" justify="space-between">
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch home">
            <RouterLink to="/">
              <Logo />
            </RouterLink>
          </Link>
          <HStack gap="2">
            <Button asChild variant="ghost" size="sm">
              <RouterLink to="/auth">Sign In</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/auth">Join Network</RouterLink>
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

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
  const show = (n: number) => (isLoading ? '–' : formatCount(n));
  return (
    <HStack gap={{ base: '6', md: '10' }} pt="4" aria-busy={isLoading} data-testid="landing-stats">
      <Stat testId="stat-members" value={show(stats.members)} label="Trusted Members" />
      <Stat testId="stat-vouches" value={show(stats.vouches)} label="Vouches Given" />
      <Stat testId="stat-trust" value={stats.trustScore.toFixed(1)} label="Trust Score" />
    </HStack>
  );
}

function Hero({ complete }: { complete: boolean }) {
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
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/auth">{LANDING_HERO.primary}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg">
            <RouterLink to="/auth">{LANDING_HERO.secondary}</RouterLink>
          </Button>
        </HStack>
        {complete ? <LandingStatsRow /> : null}
      </Stack>
      {complete ? <Slideshow /> : null}
    </Grid>
  );
}

/** Below the hero on a phone: the waitlist and the features. */
function BelowTheFold() {
  return (
    <>
      <WaitlistWidget />
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
  useEffect(() => {
    document.title = LANDING_PAGE.title;
  }, []);

  return (
    <Box minH="100vh" bgGradient="to-b" gradientFrom="brand.50" gradientTo="white">
      <LandingNav />
      <Container as="main" maxW="6xl" py={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '14', md: '20' }}>
          <Hero complete={complete} />
          {complete ? <BelowTheFold /> : null}
        </Stack>
      </Container>
      {complete ? <Footer /> : null}
    </Box>
  );
}
