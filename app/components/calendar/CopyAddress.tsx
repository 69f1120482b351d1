import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/Button";
import { controlClass } from "~/components/ui/Field";

// The feed's address in a read-only field (selectable by hand, also without JavaScript) and a button
// that copies it; the result is announced, since a copy is otherwise silent.
export function CopyAddress({ address }: { address: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setStatus("Address copied.");
    } catch {
      // Without clipboard permission, select it so the performer can copy it themselves.
      input.current?.select();
      setStatus("Select the address and copy it.");
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Feed address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          readOnly
          value={address}
          className={`${controlClass} font-mono text-xs`}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="feed-address"
        />
        <Button type="button" onClick={copy} className="min-h-11 shrink-0">
          Copy address
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}
