/**
 * The reputation panel (SPEC "Reputation panel"): reputation score with its level badge, social
 * capital, network size, the introduction, connector and Vouch scores, and a link to /stats.
 */
import { FIGURES, type FigureName, type UserProfile } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Button, Flex, Heading, ShieldCheckIcon, SimpleGrid, Stack, Text } from '@vouch/ui';
import { reputationView } from '../lib/reputation';
import { FigureValue } from './figure-value';
import { ScoreBar } from './score-bar';

function Figure({ name, value, testId }: { name: FigureName; value: number; testId: string }) {
  return (
    <Box bg="gray.50" rounded="xl" px="4" py="3">
      <Text fontSize="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wider">
        {FIGURES[name].label}
      </Text>
      <FigureValue name={name} value={value} testId={testId} />
    </Box>
  );
}

export function ReputationPanel({ user }: { user: UserProfile }) {
  const view = reputationView(user);
  return (
    <Box as="section" aria-labelledby="reputation-heading" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" shadow="xs" p={{ base: '5', md: '6' }} data-testid="reputation-panel">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="5">
        <Heading id="reputation-heading" as="h2" size="lg" letterSpacing="-0.01em">
          Your Reputation
        </Heading>
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <RouterLink to="/stats">View detailed stats</RouterLink>
        </Button>
      </Flex>
      <Stack gap="6">
        <Flex align="center" gap="4">
          <Flex boxSize="16" rounded="full" bg="brand.50" color="brand.600" align="center" justify="center" flexShrink={0}>
            <ShieldCheckIcon boxSize="8" aria-hidden="true" />
          </Flex>
          <Box flex="1" minW="0">
            <Flex align="baseline" gap="2" wrap="wrap">
              <Text fontSize="4xl" fontWeight="bold" lineHeight="1" color="gray.900" data-testid="reputation-score" fontVariantNumeric="tabular-nums">
                {view.score}
              </Text>
              <Text color="fg.muted">/ 100 reputation</Text>
              <Badge colorPalette={view.levelPalette} variant="solid" rounded="full" px="2.5" data-testid="reputation-level">
                {view.level}
              </Badge>
            </Flex>
            <Box mt="3" h="2" bg="gray.100" rounded="full" overflow="hidden" role="progressbar" aria-label="Reputation score" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.score}>
              <Box h="full" bgGradient="to-r" gradientFrom="brand.400" gradientTo="brand.600" rounded="full" style={{ width: `${view.percent}%` }} />
            </Box>
            <Text fontSize="sm" mt="2">
              <RouterLink to="/stats#why-this-score" style={{ textDecoration: 'underline' }}>
                Why this score?
              </RouterLink>
            </Text>
          </Box>
        </Flex>
        <SimpleGrid columns={2} gap="3">
          <Figure name="socialCapital" value={view.socialCapital} testId="social-capital" />
          <Figure name="networkSize" value={view.networkSize} testId="network-size" />
        </SimpleGrid>
        <Stack gap="4">
          {view.scores.map((row) => (
            <ScoreBar key={row.key} label={row.label} value={row.value} hint={row.hint} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
