import { Box, Card, Heading, SimpleGrid, Text, chakra } from '@vouch/ui';
import type { ReactNode } from 'react';

const FEATURES: { title: string; text: string; tint: string; icon: ReactNode }[] = [
  {
    title: 'Vouching System',
    text: 'Recommend people for their character, skills and accomplishments, or invite them to join. Every vouch is a personal stake in someone.',
    tint: 'brand',
    icon: <path d="M5 12.5l4.5 4.5L19 7" />,
  },
  {
    title: 'AI Matching',
    text: 'Ask for an introduction and get the people in your 1st and 2nd degree network whose vouches match the skills you need.',
    tint: 'teal',
    icon: (
      <>
        <circle cx="10.5" cy="10.5" r="6" />
        <path d="M15 15l5 5" />
      </>
    ),
  },
  {
    title: 'Social Capital',
    text: 'Each trusted connection and successful introduction grows your reputation, and shows who in your network really delivers.',
    tint: 'orange',
    icon: <path d="M4 18l5-6 4 3 7-9M15 6h5v5" />,
  },
];

export function FeatureCards() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
      {FEATURES.map((feature) => (
        <Card.Root key={feature.title} variant="elevated" rounded="2xl" data-testid="feature-card">
          <Card.Body gap="3">
            <Box bg={`${feature.tint}.100`} color={`${feature.tint}.700`} rounded="xl" boxSize="12" display="grid" placeItems="center">
              <chakra.svg viewBox="0 0 24 24" boxSize="6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                {feature.icon}
              </chakra.svg>
            </Box>
            <Heading as="h3" size="md">
              {feature.title}
            </Heading>
            <Text color="fg.muted">{feature.text}</Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
