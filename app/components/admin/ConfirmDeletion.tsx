import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { DELETE_CONFIRMATIONS } from "~/lib/admin-messages";
import type { PendingConfirmation } from "~/lib/admin-view";

/** The second step of a deletion when the browser showed no dialog (JavaScript off or not loaded yet). */
export function ConfirmDeletion({ pending, action }: { pending: PendingConfirmation; action: string }) {
  return (
    <Alert tone="warning" title={DELETE_CONFIRMATIONS[pending.intent]} className="mb-6">
      <p>{pending.label}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={pending.intent} />
          <input type="hidden" name="id" value={pending.id} />
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" variant="dangerConfirm" size="sm">
            Yes, delete
          </Button>
        </Form>
        <Link to={action} className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-yellow-100">
          Cancel
        </Link>
      </div>
    </Alert>
  );
}
