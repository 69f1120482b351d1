import { US_STATE_NAMES } from "~/lib/us-state-names";

/** The 50 states as <option>s (value: postal abbreviation), for any state <select>. */
export function StateOptions() {
  return (
    <>
      {US_STATE_NAMES.map((state) => (
        <option key={state.abbreviation} value={state.abbreviation}>
          {state.name}
        </option>
      ))}
    </>
  );
}
