import { Badge } from "~/components/ui/Badge";

/**
 * Beside a profile whose stage name or characters use a name the search dictionary marks as a
 * trademark, naming the words as written there: the listing rules forbid them, and an admin decides
 * (the editor suggested a description; nothing stopped the save).
 */
export function TrademarkBadge({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <span className="mt-1 block" data-testid="trademark-flag">
      <Badge tone="warning">Trademark: {names.map((name) => `\u201c${name}\u201d`).join(", ")}</Badge>
    </span>
  );
}
