import { Box, HStack, Image, Text, chakra } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { nextSlide, SLIDE_INTERVAL_MS, SLIDES } from './slides';

export function Slideshow() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setIndex((current) => nextSlide(current)), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
    // Restarting on `index` gives a full 2.5 s after a dot is clicked.
  }, [index]);

  return (
    <Box
      as="figure"
      aria-roledescription="carousel"
      aria-label="How Vouch works"
      bg="white"
      rounded="2xl"
      shadow="xl"
      borderWidth="1px"
      borderColor="gray.100"
      overflow="hidden"
    >
      <Box position="relative" aspectRatio={16 / 10} bg="gray.50">
        {SLIDES.map((slide, i) => (
          <Image
            key={slide.caption}
            src={slide.image}
            alt=""
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
            opacity={i === index ? 1 : 0}
            transition="opacity 0.6s ease"
            loading={i === 0 ? 'eager' : 'lazy'}
            aria-hidden={i !== index}
          />
        ))}
      </Box>
      <HStack as="figcaption" justify="space-between" px="5" py="4" gap="4">
        <Text data-testid="slide-caption" fontWeight="medium" color="gray.800">
          {SLIDES[index]?.caption}
        </Text>
        <HStack gap="0" flexShrink={0}>
          {SLIDES.map((slide, i) => (
            // The button is a 24×24 px target (WCAG 2.2 target size) around the small dot it draws.
            <chakra.button
              key={slide.caption}
              type="button"
              aria-label={`Show slide ${i + 1}: ${slide.caption}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              minW="6"
              h="6"
              px="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              cursor="pointer"
              _before={{
                content: '""',
                display: 'block',
                w: i === index ? '5' : '2',
                h: '2',
                rounded: 'full',
                bg: i === index ? 'brand.600' : 'gray.300',
                transition: 'all 0.3s',
              }}
            />
          ))}
        </HStack>
      </HStack>
    </Box>
  );
}
