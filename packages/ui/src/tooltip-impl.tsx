/**
 * The tooltip's implementation, loaded on first use by ./tooltip.tsx. Product timings (SPEC: open after 700 ms, skip delay 300 ms). Zag opens a
 * tooltip instantly while another one is still visible, so a 300 ms close delay gives the
 * "skip delay" behaviour: moving to a neighbour within 300 ms shows it at once.
 */
import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import { tooltipSlotRecipe } from '@chakra-ui/react/theme';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './tooltip';

export default function TooltipImpl({ content, children }: TooltipProps) {
  return (
    <ChakraTooltip.Root recipe={tooltipSlotRecipe} openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
