import { useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";
import { firstTrademark, replaceTrademark } from "~/lib/trademark-names";

// Under a box of the profile editor (a character, the stage name): when what is typed holds a
// trademarked name, the description to use instead, which a search for the name still finds, with
// a button that puts it in place of the name. The listing rules forbid the names; this helps, it
// never stops a save. The message sits in a polite live region (read once typing pauses, not at
// every key) that is also the box's description, and is server-rendered for a saved name, so a
// performer without JavaScript sees it too.

/** Typing pauses this long before the box is checked again, so a half-typed word is not announced. */
const PAUSE_MS = 400;

interface TrademarkHintProps {
  /** The live region's id, which the box lists in its aria-describedby. */
  id: string;
  /** The box's value as typed so far. */
  text: string;
  /** The box's id: the button rewrites its value. */
  inputId: string;
  hydrated: boolean;
  /** A stage name may be the performer's own first name ("Jasmine"): said so, instead of only "use this". */
  kind: "character" | "name";
  /** After the button changed the box's value. */
  onReplaced: (value: string) => void;
}

export function TrademarkHint({ id, text, inputId, hydrated, kind, onReplaced }: TrademarkHintProps) {
  const [checked, setChecked] = useState(text);
  const [replaced, setReplaced] = useState<string | null>(null);

  useEffect(() => {
    if (text === checked) return;
    const timer = setTimeout(() => {
      setChecked(text);
      setReplaced(null);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, checked]);

  const match = firstTrademark(checked);

  function use(description: string) {
    const box = document.getElementById(inputId);
    if (!(box instanceof HTMLInputElement) || !match) return;
    const next = replaceTrademark(box.value, match, description);
    box.value = next;
    setChecked(next);
    setReplaced(description);
    onReplaced(next);
    box.focus();
  }

  const quoted = match ? `\u201c${match.typed}\u201d` : "";
  const safe = match?.safe ?? [];
  const choices = safe.map((s) => `\u201c${s}\u201d`).join(" or ");
  return (
    <>
      <div id={id} aria-live="polite">
        {match ? (
          <p className="mt-2 rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-slate-900">
            {kind === "name" ? (
              <>
                {quoted} is also a trademarked character&rsquo;s name. If it is your own name, keep it; if it names the character, try{" "}
                {choices}: families searching {quoted} will still find you.
              </>
            ) : (
              <>
                {quoted} is a trademarked name. Try {choices}: families searching {quoted} will still find you.
              </>
            )}
          </p>
        ) : replaced ? (
          <p className="mt-2 text-sm text-green-800">Changed to &ldquo;{replaced}&rdquo;.</p>
        ) : null}
      </div>
      {match && hydrated ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {safe.map((description) => (
            <Button key={description} variant="secondary" size="sm" onClick={() => use(description)}>
              Use &ldquo;{description}&rdquo;
            </Button>
          ))}
        </div>
      ) : null}
    </>
  );
}
