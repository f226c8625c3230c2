/**
 * A row of pill buttons choosing one filter of a list ("All", "Vouches", …; "All", "1°", …): the
 * chosen one solid and pressed (aria-pressed), in a group named for screen readers.
 */
import { Button, HStack } from '@chakra-ui/react';

export interface FilterChipsProps<T> {
  /** The group's name, e.g. "Show" or "Degree". */
  label: string;
  choices: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange: (value: T) => void;
}

export function FilterChips<T>({ label, choices, value, onChange }: FilterChipsProps<T>) {
  return (
    <HStack role="group" aria-label={label} gap="2" flexWrap="wrap">
      {choices.map(([choice, text]) => (
        <Button key={text} size="sm" rounded="full" variant={value === choice ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={value === choice} onClick={() => onChange(choice)}>
          {text}
        </Button>
      ))}
    </HStack>
  );
}
