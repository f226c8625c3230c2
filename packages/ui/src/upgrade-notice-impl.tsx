/** The upgrade notice's implementation, loaded by ./upgrade-notice.tsx when one first shows. */
import { Button, Flex, Text } from '@chakra-ui/react';
import type { UpgradeNoticeProps } from './upgrade-notice';

export default function UpgradeNoticeImpl({ children, upgrade, testId }: UpgradeNoticeProps) {
  return (
    <Flex role="alert" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="lg" px="4" py="3" mb="5" data-testid={testId} data-at-limit="">
      <Text fontSize="sm" color="orange.900" flex="1">
        {children}
      </Text>
      <Button asChild size="sm" colorPalette="brand" flexShrink={0}>
        {upgrade}
      </Button>
    </Flex>
  );
}
