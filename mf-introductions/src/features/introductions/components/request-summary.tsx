/**
 * What every request card shows (SPEC "Introduction Requests"): request type, desired skills,
 * reason, context, date (usual English), degree level and status. The card adds its actions.
 */
import { formatTimeAgo } from '@vouch/contracts';
import { Badge, Box, Flex, Heading, HStack, Stack, Text } from '@vouch/ui';
import type { ReactNode } from 'react';
import { skillList } from '../lib/introduction-text';
import { DegreeBadge, RequestStatusBadge } from './badges';

export interface RequestSummaryData {
  id: number;
  requestType: string;
  desiredSkills: string;
  reason: string;
  context: string | null;
  status: string;
  degreeLevel: number;
  createdAt: string;
}

export function RequestSummary({ request, byline, headingId }: { request: RequestSummaryData; byline?: ReactNode; headingId: string }) {
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h3" size="md" id={headingId} data-testid="request-type">
            {request.requestType}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {byline ? <>{byline} · </> : null}
            <time dateTime={request.createdAt}>{formatTimeAgo(request.createdAt)}</time>
          </Text>
        </Box>
        <HStack gap="2" flexWrap="wrap">
          <DegreeBadge degree={request.degreeLevel} />
          <RequestStatusBadge status={request.status} />
        </HStack>
      </Flex>
      <Box>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em" mb="1.5">
          Desired skills
        </Text>
        <HStack gap="1.5" flexWrap="wrap" data-testid="desired-skills">
          {skillList(request.desiredSkills).map((skill) => (
            <Badge key={skill} colorPalette="gray" variant="subtle" rounded="md">
              {skill}
            </Badge>
          ))}
        </HStack>
      </Box>
      <Box>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em" mb="1">
          Reason
        </Text>
        <Text fontSize="sm" whiteSpace="pre-line">
          {request.reason}
        </Text>
      </Box>
      {request.context ? (
        <Box>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em" mb="1">
            Context
          </Text>
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
            {request.context}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}
