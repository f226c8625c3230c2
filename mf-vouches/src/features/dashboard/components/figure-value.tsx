/** A figure's number and its unit ("33 vouches"), as the dashboard and Stats show each one (contracts' FIGURES). */
import { figureUnit, type FigureName } from '@vouch/contracts';
import { Flex, Text } from '@vouch/ui';

export function FigureValue({ name, value, testId }: { name: FigureName; value: number; testId: string }) {
  return (
    <Flex align="baseline" gap="1.5">
      <Text fontSize="2xl" fontWeight="bold" color="gray.900" data-testid={testId} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {figureUnit(name, value)}
      </Text>
    </Flex>
  );
}
