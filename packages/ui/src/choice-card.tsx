import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export interface ChoiceCardProps extends HTMLChakraProps<'label'> {
  checked: boolean;
  /** A choice the member cannot take (e.g. their plan's limit): dimmed, not clickable. */
  disabled?: boolean;
}

/**
 * A radio choice drawn as a card: the label around a native radio input (keyboard and screen
 * readers get the real control), outlined when chosen or focused. The caller lays out the inside.
 */
export function ChoiceCard({ checked, disabled = false, children, ...rest }: ChoiceCardProps) {
  return (
    <chakra.label
      display="flex"
      gap="3"
      alignItems="flex-start"
      p="3"
      rounded="lg"
      borderWidth="2px"
      borderColor={checked ? 'brand.500' : 'gray.200'}
      bg={disabled ? 'gray.50' : checked ? 'brand.50' : 'white'}
      opacity={disabled ? 0.6 : 1}
      cursor={disabled ? 'not-allowed' : 'pointer'}
      transition="border-color 0.15s, background 0.15s"
      _hover={disabled ? undefined : { borderColor: checked ? 'brand.500' : 'gray.300' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      {...rest}
    >
      {children}
    </chakra.label>
  );
}
