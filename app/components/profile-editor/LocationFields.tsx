import { Options, SelectField } from "~/components/ui/Field";
import { StateSelect } from "~/components/ui/StateSelect";
import { US_STATES, cityNamesOf } from "~/lib/us-states";

interface LocationFieldsProps {
  state: string;
  city: string;
  onStateChange: (state: string) => void;
  onCityChange: (city: string) => void;
  onBlur: (field: "state" | "city") => void;
  errors: { state?: string; city?: string };
  hydrated: boolean;
}

/**
 * State and city. With JavaScript the city list holds only the chosen state's cities and stays
 * disabled until a state is picked. Without it, the list cannot follow the state choice, so every
 * state's cities are offered, grouped by state; the server checks the pair.
 */
export function LocationFields({ state, city, onStateChange, onCityChange, onBlur, errors, hydrated }: LocationFieldsProps) {
  const waitingForState = hydrated && state === "";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StateSelect
        id="profile-state"
        emptyLabel="Select a state"
        required
        value={state}
        onChange={(e) => onStateChange(e.target.value)}
        onBlur={() => onBlur("state")}
        error={errors.state}
        autoComplete="address-level1"
      />
      <SelectField
        id="profile-city"
        name="city"
        label="City"
        required
        value={city}
        onChange={(e) => onCityChange(e.target.value)}
        onBlur={() => onBlur("city")}
        error={errors.city}
        disabled={waitingForState}
        autoComplete="address-level2"
      >
        <option value="">{waitingForState ? "Select a state first" : "Select a city"}</option>
        {hydrated ? (
          <Options items={cityNamesOf(state)} />
        ) : (
          US_STATES.map((s) => (
            <optgroup key={s.abbreviation} label={s.name}>
              <Options items={s.cities.map((c) => c.name)} />
            </optgroup>
          ))
        )}
      </SelectField>
    </div>
  );
}
