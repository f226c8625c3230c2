/**
 * The dialog's real implementation: only loaded when a dialog first opens (see ./dialog.tsx),
 * so Chakra's dialog machinery stays out of the first load.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { AppDialogProps } from './dialog';

export default function AppDialogImpl({ open, onOpenChange, title, footer, children, size = 'md' }: AppDialogProps) {
  return (
    <Dialog.Root
      // The recipe travels with the component (not the global theme, ./system.ts): first-load weight.
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size={size}
      // Top-anchored at a fixed offset (the recipe's 4rem), not centred: a centred dialog moves
      // whenever its content's height changes (a tab, the Create Vouch type), and jumps (issue 16).
      placement="top"
      // Toasts live outside the dialog: closing or swiping one must not dismiss the dialog too.
      onInteractOutside={(event) => {
        const target = event.detail.target;
        if (target instanceof Element && target.closest('[data-scope="toast"]')) event.preventDefault();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
