/**
 * Chakra's Tabs, loaded when the first `<Tabs.Root>` renders (see ./tabs.tsx): zag's tabs
 * machine stays out of the shared first load; no first screen has tabs.
 */
export { Tabs } from '@chakra-ui/react';
