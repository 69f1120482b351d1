import type { ComponentProps } from "react";
import { US_STATE_NAMES } from "~/lib/us-state-names";
import { Options, SelectField } from "./Field";

const STATE_OPTIONS = US_STATE_NAMES.map((state) => ({ value: state.abbreviation, label: state.name }));

/**
 * Every form's state picker: a select named "state", labelled "State", with an empty first choice
 * (`emptyLabel`) and the 50 states (value: postal abbreviation). Other props go to the SelectField.
 */
export function StateSelect({ emptyLabel, ...props }: { emptyLabel: string } & Omit<ComponentProps<typeof SelectField>, "label" | "name" | "children">) {
  return (
    <SelectField label="State" name="state" {...props}>
      <option value="">{emptyLabel}</option>
      <Options items={STATE_OPTIONS} />
    </SelectField>
  );
}
