import { useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/Button";
import { confirmKindOf, type ConfirmKind } from "~/lib/admin-messages";
import type { AdminIntent } from "~/lib/admin-schema";
import { ConfirmDialog } from "./ConfirmAction";

type Variant = "primary" | "secondary" | "danger" | "ghost";

/**
 * One admin button: a real form posting to the page's own address (`action`), so it works before
 * JavaScript loads and the action returns the admin to the same place. Approve, Reject, Deactivate
 * and the deletions ask first: with JavaScript in a dialog opened here, without it the action
 * answers with the same dialog.
 */
export function AdminActionForm({
  action,
  intent,
  id,
  label,
  srLabel,
  record,
  variant = "secondary",
  fields,
  className,
}: {
  action: string;
  intent: AdminIntent;
  id: string;
  /** The visible label. */
  label: ReactNode;
  /** Read after the label by screen readers, naming the record ("request from Ada Lee"). */
  srLabel?: string;
  /** The record as the confirmation names it ("Request from Ada Lee (ada@example.com)"). */
  record?: string;
  variant?: Variant;
  fields?: Record<string, string>;
  className?: string;
}) {
  const navigation = useNavigation();
  const [asking, setAsking] = useState<ConfirmKind | null>(null);
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === id;
  const kind = confirmKindOf({ intent, active: fields?.active });

  function askFirst(event: FormEvent<HTMLFormElement>) {
    if (!kind) return;
    event.preventDefault();
    setAsking(kind);
  }

  return (
    <>
      <Form method="post" action={action} onSubmit={askFirst} className={className}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        {fields ? Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
        <Button type="submit" size="sm" variant={variant} disabled={busy}>
          {label}
          {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
        </Button>
      </Form>
      {asking ? (
        <ConfirmDialog
          pending={{ kind: asking, id, label: record ?? srLabel ?? "" }}
          action={action}
          onCancel={() => setAsking(null)}
          onSent={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
