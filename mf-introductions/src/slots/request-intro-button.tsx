/** `./RequestIntroButton` (header and dashboard slot). Opens the request dialog once the introductions issue lands. */
import { RouterLink } from '@vouch/shell-sdk';
import { Button } from '@vouch/ui';

export default function RequestIntroButton() {
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to="/introduction-requests">Request Intro</RouterLink>
    </Button>
  );
}
