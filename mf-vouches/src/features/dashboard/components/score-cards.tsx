/** Stats' first row: social capital with the three scores, reputation as a percentage, network size. */
import { FIGURES, figureUnit, type UserProfile } from '@vouch/contracts';
import { Badge, Box, Flex, Stack, Text } from '@vouch/ui';
import { reputationView } from '../lib/reputation';
import { ScoreBar } from './score-bar';
import { StatCard } from './stat-card';

function BigNumber({ value, suffix, testId }: { value: number | string; suffix?: string; testId: string }) {
  return (
    <Flex align="baseline" gap="1.5">
      <Text fontSize="4xl" fontWeight="bold" lineHeight="1" color="gray.900" data-testid={testId} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      {suffix ? <Text color="fg.muted">{suffix}</Text> : null}
    </Flex>
  );
}

export function ScoreCards({ user }: { user: UserProfile }) {
  const view = reputationView(user);
  return (
    <>
      <StatCard id="stats-social-capital" title="Social Capital" testId="stats-social-capital">
        <BigNumber value={view.socialCapital} suffix={figureUnit('socialCapital', view.socialCapital)} testId="stats-social-capital-balance" />
        <Text fontSize="sm" color="fg.muted" mt="1" mb="5">
          {FIGURES.socialCapital.counts}
        </Text>
        <Stack gap="4">
          {view.scores.map((row) => (
            <ScoreBar key={row.key} label={row.label} value={row.value} />
          ))}
        </Stack>
      </StatCard>
      <StatCard id="stats-reputation" title="Reputation" testId="stats-reputation">
        <Flex align="center" gap="3" wrap="wrap">
          <BigNumber value={view.score} suffix="/ 100" testId="stats-reputation-percent" />
          <Badge colorPalette={view.levelPalette} variant="solid" rounded="full" px="2.5">
            {view.level}
          </Badge>
        </Flex>
        <Box mt="4" h="2.5" bg="gray.100" rounded="full" overflow="hidden" role="progressbar" aria-label="Reputation score" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.score}>
          <Box h="full" bgGradient="to-r" gradientFrom="brand.400" gradientTo="brand.600" rounded="full" style={{ width: `${view.percent}%` }} />
        </Box>
        <Text fontSize="sm" color="fg.muted" mt="3">
          {FIGURES.reputation.counts}
        </Text>
      </StatCard>
      <StatCard id="stats-network-size" title="Network Size" testId="stats-network">
        <BigNumber value={view.networkSize} suffix={figureUnit('networkSize', view.networkSize)} testId="stats-network-size" />
        <Stack gap="1" mt="4" fontSize="sm">
          <Flex justify="space-between">
            <Text color="fg.muted">Vouches given</Text>
            <Text fontWeight="semibold">{user.vouchesGiven ?? 0}</Text>
          </Flex>
          <Flex justify="space-between">
            <Text color="fg.muted">Vouches received</Text>
            <Text fontWeight="semibold">{user.vouchesReceived ?? 0}</Text>
          </Flex>
        </Stack>
      </StatCard>
    </>
  );
}
