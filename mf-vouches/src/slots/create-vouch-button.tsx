/** `./CreateVouchButton` (header slot). The Create Vouch dialog replaces the link with the vouches issue. */
import { RouterLink } from '@vouch/shell-sdk';
import { Button } from '@vouch/ui';

export default function CreateVouchButton() {
  return (
    <Button asChild size="sm" colorPalette="brand">
      <RouterLink to="/my-vouches">Create Vouch</RouterLink>
    </Button>
  );
}
