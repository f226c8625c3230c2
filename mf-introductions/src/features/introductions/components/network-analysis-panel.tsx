/**
 * The Network Analysis tab of the Request Introduction dialog (SPEC "Request Introduction
 * dialog", §9): `GET /api/network/analysis?degree=N` while the dialog is open — the analysis
 * text, how many people the degree reaches, and the connectors (top 5, "show all" top 10).
 */
import type { IntroductionDegree } from '@vouch/contracts';
import { EmptyState, ListFailed, ListLoading, Badge, Box, Button, Flex, HStack, NetworkIcon, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { useNetworkAnalysis } from '../api/network-analysis';
import { CONNECTOR_FULL_COUNT, CONNECTOR_PREVIEW_COUNT, degreeLabel, visibleConnectors } from '../lib/introduction-text';
import { DegreeChoice } from './degree-choice';

export function NetworkAnalysisPanel({
  degree,
  onDegreeChange,
  allowed,
  enabled,
  onUpgrade,
}: {
  onUpgrade: () => void;
  degree: IntroductionDegree;
  onDegreeChange: (degree: IntroductionDegree) => void;
  allowed: readonly IntroductionDegree[];
  enabled: boolean;
}) {
  const analysis = useNetworkAnalysis(degree, enabled);
  const [showAll, setShowAll] = useState(false);
  const connectors = analysis.data?.connectors ?? [];
  const shown = visibleConnectors(connectors, showAll);
  return (
    <Stack gap="4" data-testid="network-analysis">
      <DegreeChoice name="analysis-degree" value={degree} onChange={onDegreeChange} allowed={allowed} onUpgrade={onUpgrade} />
      {analysis.isPending ? (
        <ListLoading label="Analysing your network…" />
      ) : analysis.isError ? (
        <ListFailed what="your network analysis" onRetry={() => void analysis.refetch()} />
      ) : (
        <>
          <Box bg="brand.50" rounded="lg" p="4" borderWidth="1px" borderColor="brand.100">
            <Flex align="baseline" gap="2" wrap="wrap">
              <Text fontSize="3xl" fontWeight="bold" color="brand.700" lineHeight="1" data-testid="total-reachable">
                {analysis.data?.totalReachablePeople ?? 0}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                people reachable within {degreeLabel(degree)} degree
              </Text>
            </Flex>
            {analysis.data?.networkAnalysis ? (
              <Text fontSize="sm" mt="2" data-testid="analysis-text">
                {analysis.data.networkAnalysis}
              </Text>
            ) : null}
          </Box>
          {connectors.length === 0 ? (
            <EmptyState icon={<NetworkIcon />} title="No connectors yet">
              Your connectors are the people you know directly. Vouch for people you trust to open more paths.
            </EmptyState>
          ) : (
            <Box>
              <Text fontWeight="semibold" fontSize="sm" mb="2">
                {showAll ? `Top ${Math.min(connectors.length, CONNECTOR_FULL_COUNT)} connectors` : `Top connectors`}
              </Text>
              <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" data-testid="connector-list">
                {shown.map((connector, index) => (
                  <Flex
                    as="li"
                    key={connector.connectorId}
                    align="center"
                    gap="3"
                    p="3"
                    bg="white"
                    rounded="lg"
                    borderWidth="1px"
                    borderColor="gray.100"
                    data-testid="connector"
                  >
                    <Text fontWeight="bold" color="fg.muted" fontSize="sm" w="5" textAlign="right" aria-hidden="true">
                      {index + 1}
                    </Text>
                    <Box flex="1" minW="0">
                      <Text fontWeight="medium" truncate>
                        {connector.connectorName}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        Reaches {connector.networkSize} {connector.networkSize === 1 ? 'person' : 'people'} · {degreeLabel(connector.degree)} degree
                      </Text>
                    </Box>
                    <HStack>
                      <Badge colorPalette={connector.relevantMatches > 0 ? 'green' : 'gray'} variant="subtle" rounded="full">
                        {connector.relevantMatches} with skills
                      </Badge>
                    </HStack>
                  </Flex>
                ))}
              </Stack>
              {connectors.length > CONNECTOR_PREVIEW_COUNT ? (
                <Button size="sm" variant="ghost" colorPalette="brand" mt="2" onClick={() => setShowAll((all) => !all)} aria-expanded={showAll}>
                  {showAll ? 'Show fewer' : `Show all (top ${Math.min(connectors.length, CONNECTOR_FULL_COUNT)})`}
                </Button>
              ) : null}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
