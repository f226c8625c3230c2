/**
 * "Why this score" on Stats (issue 44 item 5): what each vouch adds to the reputation score, the
 * lift from helping, the last change and what moved it, and the bound on any one vouch.
 */
import { Box, Flex, Spinner, Stack, Text } from '@vouch/ui';
import { useMyReputation } from '../api/my-reputation';
import { boundSentence, lastChangeLines, lastChangeSentence, scoreLines, type ExplanationLine } from '../lib/score-explanation';
import { StatCard } from './stat-card';

function Lines({ lines, label, testId }: { lines: ExplanationLine[]; label: string; testId: string }) {
  return (
    <Stack as="ul" aria-label={label} gap="2" listStyleType="none" m="0" p="0" data-testid={testId}>
      {lines.map((line) => (
        <Flex as="li" key={line.key} gap="3" align="baseline">
          <Text as="span" minW="10" fontWeight="semibold" color="gray.900" fontVariantNumeric="tabular-nums">
            {line.points}
          </Text>
          <Text as="span" color="gray.700">
            {line.text}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

export function WhyThisScore() {
  const { data, isLoading, isError } = useMyReputation();
  return (
    <StatCard id="why-this-score" title="Why this score" testId="why-this-score">
      {isLoading ? (
        <Flex role="status" aria-live="polite" gap="2" align="center">
          <Spinner size="sm" color="brand.600" />
          <Text color="fg.muted">Loading what makes up your score…</Text>
        </Flex>
      ) : isError || !data ? (
        <Text color="fg.muted">Your score explanation could not be loaded. Try again in a moment.</Text>
      ) : (
        <Stack gap="5">
          {data.lastChange ? (
            <Box>
              <Text fontWeight="semibold" data-testid="score-last-change">
                {lastChangeSentence(data.lastChange)}
              </Text>
              <Box mt="2">
                <Lines lines={lastChangeLines(data.lastChange)} label="What moved your score" testId="score-change-lines" />
              </Box>
            </Box>
          ) : null}
          <Box>
            <Text fontWeight="semibold">
              Your {data.score} is made of
            </Text>
            <Box mt="2">
              {scoreLines(data).length > 0 ? (
                <Lines lines={scoreLines(data)} label="What makes up your score" testId="score-lines" />
              ) : (
                <Text color="fg.muted">Nothing yet: your score grows as people who are trusted vouch for you.</Text>
              )}
            </Box>
          </Box>
          <Text fontSize="sm" color="fg.muted">
            A vouch counts for more when the person who gave it is trusted by more people and vouches for fewer. {boundSentence(data.maxVouchPoints)}
          </Text>
        </Stack>
      )}
    </StatCard>
  );
}
