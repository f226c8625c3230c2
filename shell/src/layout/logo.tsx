import { HStack, Text, chakra } from '@vouch/ui';

/**
 * The Vouch mark: a "V" drawn as a check, the gesture of vouching. `compact` hides the word
 * "Vouch" on phones (below the `sm` breakpoint), where the signed-in header needs the room.
 */
export function Logo({ size = 8, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <HStack gap="2">
      <chakra.svg viewBox="0 0 64 64" boxSize={size} aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path d="M18 20l14 26 14-26" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      </chakra.svg>
      <Text fontWeight="bold" fontSize="xl" letterSpacing="-0.02em" color="gray.900" display={compact ? { base: 'none', sm: 'block' } : undefined}>
        Vouch
      </Text>
    </HStack>
  );
}
