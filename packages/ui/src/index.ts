/**
 * @vouch/ui: the only door to Chakra UI (a lint rule enforces it). It is a shared singleton,
 * bundled whole, so it re-exports only the components the apps render; each one's recipe is
 * registered in ./system.ts. Add an export here and its recipe there together.
 */
export {
  Badge,
  Box,
  Button,
  Card,
  Center,
  ChakraProvider,
  Container,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  Separator,
  SimpleGrid,
  Span,
  Spinner,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  chakra,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, HTMLChakraProps, StackProps, TextProps } from '@chakra-ui/react';

export { prepareVouchSystem, vouchSystem } from './system';
export { AppToaster, notify, removeToast, toaster, TOAST_DURATION_MS, type NotifyOptions, type ToastVariant } from './toaster';
export { useDebounced } from './use-debounced';
export { Tooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './tooltip';
export { AppDialog, ConfirmDialog, lazyDialog, type AppDialogProps, type ConfirmDialogProps } from './dialog';
export { Tabs } from './tabs';
export { SWIPE_DISMISS_PX, isSwipeDismiss } from './swipe';
export { AppMenu, type AppMenuItem, type AppMenuProps } from './menu';
export * from './icons';
export { EmptyState, ListEnd, ListFailed, ListLoading, LoadMore, PagedList, type PagedQuery } from './list-states';
export { UpgradeNotice, type UpgradeNoticeProps } from './upgrade-notice';
export { ChoiceCard, type ChoiceCardProps } from './choice-card';
export { LinkedCard, LinkedGone } from './linked-card';
export { CountBadge } from './count-badge';
export { FilterChips, type FilterChipsProps } from './filter-chips';
export { PageTitle } from './page-title';
