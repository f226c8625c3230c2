/** A labelled progress bar for a 0–100 score (SPEC §4: bars capped at 100). */
import { percent } from '@vouch/contracts';
import { Box, Flex, Text } from '@vouch/ui';

export interface ScoreBarProps {
  label: string;
  value: number;
  hint?: string;
  /** Bar colour (a Chakra colour token). */
  color?: string;
}

export function ScoreBar({ label, value, hint, color = 'brand.500' }: ScoreBarProps) {
  const width = percent(value);
  return (
    <Box>
      <Flex justify="space-between" align="baseline" gap="3">
        <Text fontSize="sm" fontWeight="medium" color="gray.800">
          {label}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="gray.900" fontVariantNumeric="tabular-nums">
          {Math.round(width)}
          <Text as="span" color="fg.muted" fontWeight="normal">
            /100
          </Text>
        </Text>
      </Flex>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        mt="1.5"
        h="2"
        bg="gray.100"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" bg={color} rounded="full" style={{ width: `${width}%` }} transition="width 0.4s ease" />
      </Box>
      {hint ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}
