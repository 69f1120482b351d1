import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/Button";
import { DELETE_CONFIRMATIONS } from "~/lib/admin-messages";
import type { AdminIntent } from "~/lib/admin-schema";

type Variant = "primary" | "secondary" | "danger" | "ghost";

function isDeletion(intent: AdminIntent): intent is keyof typeof DELETE_CONFIRMATIONS {
  return intent in DELETE_CONFIRMATIONS;
}

/**
 * One admin button: a real form posting to the page's own address (`action`), so it works before
 * JavaScript loads and the action returns the admin to the same place. Deletions ask first: with
 * JavaScript through the browser's dialog, without it the action answers with the question.
 */
export function AdminActionForm({
  action,
  intent,
  id,
  label,
  srLabel,
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
  variant?: Variant;
  fields?: Record<string, string>;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === id;

  function confirmFirst(event: FormEvent<HTMLFormElement>) {
    if (!isDeletion(intent)) return;
    if (!window.confirm(DELETE_CONFIRMATIONS[intent])) {
      event.preventDefault();
      return;
    }
    const field = event.currentTarget.elements.namedItem("confirmed");
    if (field instanceof HTMLInputElement) field.value = "yes";
  }

  return (
    <Form method="post" action={action} onSubmit={confirmFirst} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {isDeletion(intent) ? <input type="hidden" name="confirmed" defaultValue="" /> : null}
      {fields ? Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </Button>
    </Form>
  );
}
