import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/Button";
import { controlClass, FieldError } from "~/components/ui/Field";
import { cx } from "~/components/ui/cx";
import { CHARACTER_SUGGESTIONS } from "~/lib/character-suggestions";
import { MAX_CHARACTERS } from "~/lib/characters";
import { TrademarkHint } from "./TrademarkHint";

// The characters a performer plays: one short box per character, each offering the suggestion list
// as they type (a plain <datalist>, which phones show above the keyboard). One box per name is
// easier on a phone than a comma list in a single field, and every box posts under the same name,
// so the form needs no JavaScript: without it there are always a few empty boxes, and a box may
// hold several names separated by commas (the server splits them). With JavaScript, boxes can be
// added and removed.

const GROUP_ID = "profile-characters";
const HINT_ID = `${GROUP_ID}-hint`;
const SUGGESTIONS_ID = "character-suggestions";
/** Empty boxes a new profile starts with. */
const STARTING_BOXES = 3;

export const characterInputId = (index: number) => `profile-character-${index}`;

interface Row {
  key: number;
  value: string;
}

/** The saved (or posted) names, then empty boxes: at least three, and always one free while there is room. */
function startingRows(values: readonly string[]): Row[] {
  const filled = values.filter((value) => value.trim() !== "");
  const boxes = Math.max(filled.length, Math.min(MAX_CHARACTERS, Math.max(STARTING_BOXES, filled.length + 1)));
  return Array.from({ length: boxes }, (_, key) => ({ key, value: filled[key] ?? "" }));
}

interface CharacterFieldsProps {
  values: readonly string[];
  error?: string;
  hydrated: boolean;
  /** A box lost focus: check the list. */
  onBlur: () => void;
  /** A box changed (typed, added, removed). */
  onEdit: () => void;
}

export function CharacterFields({ values, error, hydrated, onBlur, onEdit }: CharacterFieldsProps) {
  const [rows, setRows] = useState(() => startingRows(values));
  const nextKey = useRef(rows.length);
  const focusKey = useRef<number | null>(null);
  const removed = useRef(false);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // A box just added gets the focus, so the keyboard stays up on a phone.
    if (focusKey.current !== null) {
      listRef.current?.querySelector<HTMLInputElement>(`[data-row="${focusKey.current}"]`)?.focus();
      focusKey.current = null;
    }
    // A removed box is out of the form only now, so the list is re-checked after it is gone.
    if (removed.current) {
      removed.current = false;
      onEdit();
    }
  }, [rows, onEdit]);

  function add() {
    const key = nextKey.current++;
    focusKey.current = key;
    setRows((current) => [...current, { key, value: "" }]);
  }

  function remove(key: number) {
    removed.current = true;
    setRows((current) => current.filter((row) => row.key !== key));
  }

  const describedBy = [HINT_ID, error ? `${GROUP_ID}-error` : null].filter(Boolean).join(" ");

  return (
    <fieldset className="space-y-3" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">Characters you play</legend>
      <p id={HINT_ID} className="text-sm text-slate-600">
        One per box, in your own words, like &ldquo;Ice Queen&rdquo; or &ldquo;T. rex Ranger&rdquo;. Describe characters
        instead of using trademarked names. Up to {MAX_CHARACTERS}; to list more at once, separate them with commas.
      </p>
      <datalist id={SUGGESTIONS_ID}>
        {CHARACTER_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ol ref={listRef} className="space-y-2">
        {rows.map((row, index) => (
          <CharacterBox
            key={row.key}
            row={row}
            index={index}
            describedBy={describedBy}
            invalid={Boolean(error)}
            hydrated={hydrated}
            removable={hydrated && rows.length > 1}
            onBlur={onBlur}
            onEdit={onEdit}
            onRemove={() => remove(row.key)}
          />
        ))}
      </ol>
      {hydrated && rows.length < MAX_CHARACTERS ? (
        <Button variant="secondary" size="sm" onClick={add}>
          <span aria-hidden="true">+</span> Add another character
        </Button>
      ) : null}
      <FieldError id={GROUP_ID} error={error} />
    </fieldset>
  );
}

interface CharacterBoxProps {
  row: Row;
  index: number;
  describedBy: string;
  invalid: boolean;
  hydrated: boolean;
  removable: boolean;
  onBlur: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** One character's box, with the trademark-safe description under it when the name is a trademark. */
function CharacterBox({ row, index, describedBy, invalid, hydrated, removable, onBlur, onEdit, onRemove }: CharacterBoxProps) {
  const [text, setText] = useState(row.value);
  const id = characterInputId(index);
  const hintId = `${id}-trademark`;
  return (
    <li>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Character {index + 1}
        </label>
        <input
          id={id}
          data-row={row.key}
          name="characters"
          type="text"
          list={SUGGESTIONS_ID}
          defaultValue={row.value}
          autoComplete="off"
          autoCapitalize="words"
          enterKeyHint="next"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${describedBy} ${hintId}`}
          onBlur={onBlur}
          onChange={(event) => {
            setText(event.target.value);
            onEdit();
          }}
          className={cx(controlClass, "min-w-0 flex-1")}
        />
        {removable ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove character ${index + 1}`}>
            Remove
          </Button>
        ) : null}
      </div>
      <TrademarkHint
        id={hintId}
        text={text}
        inputId={id}
        hydrated={hydrated}
        kind="character"
        onReplaced={(value) => {
          setText(value);
          onEdit();
        }}
      />
    </li>
  );
}
