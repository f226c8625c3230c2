/**
 * Chakra's Tabs, loaded when the first `<Tabs.Root>` renders (see ./tabs.tsx): zag's tabs
 * machine stays out of the shared first load; no first screen has tabs.
 */
export { Tabs } from '@chakra-ui/react';
// Passed to every Root by ./tabs.tsx: the recipe travels with the component, not the global theme.
export { tabsSlotRecipe } from '@chakra-ui/react/theme';
