import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { ComboboxOption } from "~/components/ui/ComboboxOption";
import { cx } from "~/components/ui/cx";
import {
  SUGGEST_MIN_QUERY,
  SUGGESTION_GROUP_LABELS,
  SUGGESTION_KINDS,
  suggestUrl,
  type SuggestAnswer,
  type Suggestion,
} from "~/lib/suggest-view";

// The search box with suggestions as you type (the ARIA combobox pattern with a list box popup).
// Without JavaScript it is the plain text field of its GET form; with it, a pause in typing asks
// /search/suggest (an older question still on its way is dropped), Up and Down move through the
// suggestions, Enter or a click goes where one leads, Escape closes the list, and Enter with none
// chosen submits the form as typed.

const DEBOUNCE_MS = 150;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "role" | "type" | "onChange" | "onKeyDown" | "onBlur" | "onFocus" | "value">;

export function SearchCombobox({ className, listClassName, ...input }: InputProps & { id: string; listClassName?: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const optionId = (index: number) => `${listId}-${index}`;
  const shown = open && suggestions.length > 0;

  const stop = () => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  };
  useEffect(() => stop, []);

  useEffect(() => {
    if (shown && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, active]);

  const ask = (text: string) => {
    stop();
    const q = text.trim();
    if (q.length < SUGGEST_MIN_QUERY) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      fetch(suggestUrl(q), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<SuggestAnswer>) : null))
        .then((answer) => {
          if (!answer || controller.signal.aborted) return;
          setSuggestions(answer.suggestions);
          setActive(-1);
          setOpen(document.activeElement === inputRef.current);
        })
        // A dropped question or a network hiccup leaves the plain box, which still searches.
        .catch(() => {});
    }, DEBOUNCE_MS);
  };

  const choose = (suggestion: Suggestion) => {
    stop();
    setOpen(false);
    setActive(-1);
    setSuggestions([]);
    if (inputRef.current) inputRef.current.value = suggestion.label;
    navigate(suggestion.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      if (!shown) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else {
        setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
      }
    } else if (event.key === "Enter") {
      if (shown && active >= 0) {
        event.preventDefault();
        choose(suggestions[active]);
      }
    } else if (event.key === "Escape") {
      if (shown) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const groups = SUGGESTION_KINDS.map((kind) => ({
    kind,
    items: suggestions.map((suggestion, index) => ({ suggestion, index })).filter(({ suggestion }) => suggestion.kind === kind),
  })).filter((group) => group.items.length > 0);

  return (
    <div className="relative w-full">
      <input
        {...input}
        ref={inputRef}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        className={className}
        onChange={(event) => ask(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className={cx(
          "absolute left-0 z-50 mt-1 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg",
          listClassName,
        )}
      >
        {groups.map(({ kind, items }) => (
          <div key={kind} role="group" aria-labelledby={`${listId}-${kind}`}>
            <div id={`${listId}-${kind}`} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {SUGGESTION_GROUP_LABELS[kind]}
            </div>
            {items.map(({ suggestion, index }) => (
              <ComboboxOption
                key={suggestion.href}
                id={optionId(index)}
                active={index === active}
                onActivate={() => setActive(index)}
                onChoose={() => choose(suggestion)}
                className="px-3 py-2 text-sm"
              >
                {suggestion.label}
                {suggestion.note ? <span className="text-slate-600">: {suggestion.note}</span> : null}
              </ComboboxOption>
            ))}
          </div>
        ))}
      </div>
      <div role="status" className="sr-only">
        {shown ? `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"}, use the up and down arrows to choose` : ""}
      </div>
    </div>
  );
}
