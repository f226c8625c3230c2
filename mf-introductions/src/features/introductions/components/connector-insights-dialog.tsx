/**
 * Network Analysis of one of my requests (SPEC "Introduction Requests", §3 "Connector insight",
 * §4): the people I know directly who lead to matches, with how many, how relevant (average
 * coloured 85+ green, 70+ yellow, else orange), how many perfect and strong, and the best score.
 */
import { formatStoredPhone } from '@vouch/contracts';
import type { ConnectorInsight, IntroductionRequest } from '@vouch/contracts';
import { EmptyState, ListFailed, ListLoading, AppDialog, Box, Flex, HStack, NetworkIcon, SimpleGrid, Stack, Text } from '@vouch/ui';
import { useConnectorInsights } from '../api/request-insights';
import { degreeLabel } from '../lib/introduction-text';
import { RelevanceBadge } from './badges';

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <Box bg="brand.50" rounded="lg" p="3" textAlign="center">
      <Text fontSize="2xl" fontWeight="bold" color="brand.700" lineHeight="1.1">
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

function ConnectorRow({ connector }: { connector: ConnectorInsight }) {
  return (
    <Box as="li" p="4" bg="white" rounded="lg" borderWidth="1px" borderColor="gray.100" data-testid="connector-insight">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold">{connector.connectorName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatStoredPhone(connector.connectorPhone)} · {degreeLabel(connector.networkDistance)} degree
          </Text>
        </Box>
        <RelevanceBadge score={connector.averageRelevance} label="avg relevance" />
      </Flex>
      <HStack gap="4" mt="3" fontSize="sm" flexWrap="wrap" color="fg.muted">
        <Text>
          <Text as="span" fontWeight="semibold" color="fg">
            {connector.totalMatches}
          </Text>{' '}
          {connector.totalMatches === 1 ? 'match' : 'matches'}
        </Text>
        <Text>
          <Text as="span" fontWeight="semibold" color="fg">
            {connector.perfectMatches}
          </Text>{' '}
          perfect
        </Text>
        <Text>
          <Text as="span" fontWeight="semibold" color="fg">
            {connector.strongMatches}
          </Text>{' '}
          strong
        </Text>
        <Text>
          top{' '}
          <Text as="span" fontWeight="semibold" color="fg">
            {connector.topRelevance}%
          </Text>
        </Text>
      </HStack>
    </Box>
  );
}

export function ConnectorInsightsDialog({ request, open, onOpenChange }: { request: IntroductionRequest; open: boolean; onOpenChange: (open: boolean) => void }) {
  const insights = useConnectorInsights(request.id, open);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Network Analysis · ${request.requestType}`} size="lg">
      {insights.isPending ? (
        <ListLoading label="Finding your best connectors…" />
      ) : insights.isError ? (
        <ListFailed what="the network analysis" onRetry={() => void insights.refetch()} />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={2} gap="3">
            <Stat value={insights.data.totalConnectors} label="potential connectors" />
            <Stat value={insights.data.totalMatches} label="people who match" />
          </SimpleGrid>
          {insights.data.connectors.length === 0 ? (
            <EmptyState icon={<NetworkIcon />} title="No connectors found yet">
              Nobody within {degreeLabel(request.degreeLevel)} degree matches these skills yet. As your network grows, connectors will show up here.
            </EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="connector-insights">
              {insights.data.connectors.map((connector) => (
                <ConnectorRow key={connector.connectorId} connector={connector} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
