import { Badge } from "~/components/ui/Badge";

/**
 * Beside an address whose account has not confirmed it: anyone can sign up with any address, so such
 * an account may not be the address's owner. Its listing cannot go live and a free year waits.
 */
export function UnconfirmedBadge() {
  return (
    <span className="mt-1 block" data-testid="account-unconfirmed">
      <Badge tone="warning">Email not confirmed</Badge>
    </span>
  );
}
