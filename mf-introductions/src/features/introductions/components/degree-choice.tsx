/**
 * "Degree level": 1st, 2nd, 3rd, each with what it reaches; a degree the plan does not include is
 * locked, with a hint and the upgrade link (SPEC §6).
 */
import { INTRODUCTION_DEGREES, type IntroductionDegree } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { chakra, ChoiceCard, Link, LockIcon, SimpleGrid, Text } from '@vouch/ui';
import { degreeLabel } from '../lib/introduction-text';

const DEGREE_TEXT: Record<IntroductionDegree, string> = {
  1: 'People you know directly',
  2: 'Friends of your connections',
  3: 'One step further out',
};

export function DegreeChoice({
  value,
  onChange,
  allowed,
  disabled,
  onUpgrade,
  name = 'degree-level',
}: {
  /** The radio group's name (and the hint's id prefix): unique per rendered choice. */
  name?: string;
  value: IntroductionDegree;
  onChange: (degree: IntroductionDegree) => void;
  allowed: readonly IntroductionDegree[];
  disabled?: boolean;
  onUpgrade?: () => void;
}) {
  const lockedSome = INTRODUCTION_DEGREES.some((degree) => !allowed.includes(degree));
  return (
    <chakra.fieldset border="0" p="0" m="0" disabled={disabled} aria-describedby={lockedSome ? `${name}-upgrade-hint` : undefined}>
      <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
        Degree level
      </chakra.legend>
      <SimpleGrid columns={3} gap="2">
        {INTRODUCTION_DEGREES.map((degree) => {
          const locked = !allowed.includes(degree);
          const checked = value === degree;
          return (
            <ChoiceCard key={degree} checked={checked} disabled={locked} flexDirection="column" alignItems="stretch" gap="0.5" p="2.5" data-testid={`degree-${degree}`}>
              <chakra.span display="flex" alignItems="center" gap="1.5" fontWeight="semibold" fontSize="sm">
                <chakra.input
                  type="radio"
                  name={name}
                  value={degree}
                  checked={checked}
                  disabled={locked}
                  onChange={() => onChange(degree)}
                  accentColor="brand.600"
                  boxSize="3.5"
                  aria-label={`${degreeLabel(degree)} degree${locked ? ' (upgrade required)' : ''}`}
                />
                {degreeLabel(degree)}
                {locked ? <LockIcon boxSize="3" aria-hidden="true" /> : null}
              </chakra.span>
              <chakra.span fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
                {DEGREE_TEXT[degree]}
              </chakra.span>
            </ChoiceCard>
          );
        })}
      </SimpleGrid>
      {lockedSome ? (
        <Text id={`${name}-upgrade-hint`} fontSize="xs" color="fg.muted" mt="2" data-testid="degree-upgrade-hint">
          3rd degree introductions come with Network Pro and Network Catalyst.{' '}
          <Link asChild color="brand.700" fontWeight="medium">
            <RouterLink to="/subscription" onClick={onUpgrade}>
              Upgrade your plan
            </RouterLink>
          </Link>
        </Text>
      ) : null}
    </chakra.fieldset>
  );
}
