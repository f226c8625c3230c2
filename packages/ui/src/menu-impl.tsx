/** The menu's implementation, loaded on first use by ./menu.tsx. */
import { Box, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { Fragment } from 'react';
import type { AppMenuItem, AppMenuProps } from './menu';

export default function AppMenuImpl({
  trigger,
  header,
  groups,
  placement = 'bottom-end',
  width = '16rem',
  onOpenChange,
  defaultOpen = false,
}: AppMenuProps & { defaultOpen?: boolean }) {
  const visible = groups.filter((group) => group.length > 0);
  const byValue = new Map<string, AppMenuItem>(visible.flat().map((item) => [item.value, item]));
  return (
    <Menu.Root
      // The recipe travels with the component (not the global theme, ./system.ts): first-load weight.
      recipe={menuSlotRecipe}
      defaultOpen={defaultOpen}
      positioning={{ placement, gutter: 8 }}
      onOpenChange={(details) => onOpenChange?.(details.open)}
      onHighlightChange={(details) => {
        const item = details.highlightedValue ? byValue.get(details.highlightedValue) : undefined;
        if (item && !item.disabled) item.onHighlight?.();
      }}
      onSelect={(details) => {
        const item = byValue.get(details.value);
        if (item && !item.disabled) item.onSelect?.();
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content width={width} maxW="calc(100vw - 1rem)" p="1.5" rounded="xl">
            {header ? <Box px="2.5" pt="2" pb="1">{header}</Box> : null}
            {visible.map((group, index) => (
              <Fragment key={group[0]?.value ?? index}>
                {index > 0 || header ? <Menu.Separator /> : null}
                {group.map((item) => (
                  <Menu.Item
                    key={item.value}
                    value={item.value}
                    disabled={item.disabled}
                    closeOnSelect={!item.keepOpen}
                    gap="2.5"
                    px="2.5"
                    py={item.tall ? '2' : '2'}
                    alignItems={item.tall ? 'flex-start' : 'center'}
                    rounded="md"
                    color={item.danger ? 'red.600' : undefined}
                    _highlighted={{ bg: item.danger ? 'red.50' : 'brand.50' }}
                  >
                    {item.icon ? (
                      <Box as="span" display="inline-flex" mt={item.tall ? '0.5' : undefined} color={item.danger ? 'red.600' : 'fg.muted'}>
                        {item.icon}
                      </Box>
                    ) : null}
                    <Box as="span" flex="1" minW="0">
                      {item.label}
                    </Box>
                    {item.end ? (
                      <Box as="span" display="inline-flex" color="fg.subtle">
                        {item.end}
                      </Box>
                    ) : null}
                  </Menu.Item>
                ))}
              </Fragment>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
