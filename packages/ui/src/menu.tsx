/**
 * A dropdown menu (Chakra Menu: roles menu/menuitem, arrow keys, Home/End, typeahead, Escape,
 * focus back to the trigger). Its machinery (zag menu + floating-ui positioning) only matters
 * once a signed-in header renders, so the implementation is a lazily loaded chunk: the landing
 * page never pays for it. Until the chunk arrives (a few ms after the first render) the trigger
 * renders alone, and a click on it then opens the menu as soon as it has loaded. Items are
 * data, so callers need nothing else from Chakra's Menu.
 */
import { cloneElement, lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';

export interface AppMenuItem {
  /** Unique within the menu; also `data-value` on the item. */
  value: string;
  label: ReactNode;
  /** Leading icon. */
  icon?: ReactNode;
  /** Trailing content, e.g. a lock icon on a locked item. */
  end?: ReactNode;
  /** Greyed out, not selectable (`aria-disabled`). */
  disabled?: boolean;
  /** Called when the item is chosen by click, Enter or Space. */
  onSelect?: () => void;
  /** Called when the item is pointed at or reached with the arrow keys (e.g. to load what choosing it opens). */
  onHighlight?: () => void;
  /** Red text, for destructive items such as Sign Out. */
  danger?: boolean;
  /** Multi-line content (e.g. an activity entry) instead of one line. */
  tall?: boolean;
  /** The menu stays open when it is chosen (e.g. "Load older activity", which adds items). */
  keepOpen?: boolean;
}

export interface AppMenuProps {
  /** One element that can hold a ref (usually a `Button`); it gets aria-haspopup/expanded and names the menu (aria-labelledby). */
  trigger: ReactElement;
  /** Non-interactive content above the items (a title, the member's name, a status line). */
  header?: ReactNode;
  /** Item groups, drawn with a separator between groups. Empty groups are skipped. */
  groups: AppMenuItem[][];
  placement?: 'bottom-end' | 'bottom-start' | 'bottom';
  /** Width of the menu panel (a Chakra size, e.g. "xs", "18rem"). */
  width?: string;
  onOpenChange?: (open: boolean) => void;
}

const AppMenuImpl = lazy(() => import('./menu-impl'));

export function AppMenu(props: AppMenuProps) {
  // A click that lands before the implementation has loaded is remembered, not lost.
  const [openRequested, setOpenRequested] = useState(false);
  const waitingTrigger = cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: () => setOpenRequested(true),
  });
  return (
    <Suspense fallback={waitingTrigger}>
      <AppMenuImpl {...props} defaultOpen={openRequested} />
    </Suspense>
  );
}
