import { useState } from "react";
import { Button } from "~/components/ui/Button";
import {
  CheckboxField,
  Fieldset,
  Options,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/Field";
import {
  OFFER_SECTION_FIELD,
  packageField,
  slotIsEmpty,
  type OfferErrors,
  type OfferField,
  type OfferFormValues,
} from "~/lib/package-schema";
import {
  MAX_PACKAGES,
  PACKAGE_INCLUDED_MAX,
  PACKAGE_SLOTS,
  PAYMENT_METHODS,
  type PackageSlot,
} from "~/lib/package-rules";

interface PackagesSectionProps {
  values: OfferFormValues;
  errors: OfferErrors;
  hydrated: boolean;
  /** Re-check one field (on leaving it). */
  onCheck: (field: OfferField) => void;
  /** A field changed: its message goes as soon as it is fixed. */
  onEdit: (field: OfferField) => void;
  /** A package was removed: its fields' messages no longer apply. */
  onRemove: (slot: PackageSlot) => void;
}

export const offerInputId = (field: OfferField) => `profile-${field}`;

const TRAVEL_FEE_CHOICES = [
  { value: "none", label: "No travel fee" },
  { value: "per_mile", label: "Free within some miles, then a fee per mile" },
  { value: "flat", label: "One flat travel fee" },
] as const;

const DEPOSIT_CHOICES = [
  { value: "none", label: "No deposit" },
  { value: "percent", label: "A percentage of the price" },
  { value: "dollars", label: "A fixed amount in dollars" },
] as const;

/**
 * The editor's Packages section: up to three packages (added, edited in place, removed after a
 * confirmation), the travel-fee rule, the deposit and the payment methods. It posts with the
 * profile form. Without JavaScript every filled package and one empty one are shown, and a
 * package is removed by emptying its fields.
 */
export function PackagesSection({
  values,
  errors,
  hydrated,
  onCheck,
  onEdit,
  onRemove,
}: PackagesSectionProps) {
  const filled = PACKAGE_SLOTS.filter((slot) => !slotIsEmpty(values, slot));
  const [open, setOpen] = useState<PackageSlot[]>(filled);
  // A slot emptied and added again starts blank, not with what was removed.
  const [fresh, setFresh] = useState<PackageSlot[]>([]);
  const [confirming, setConfirming] = useState<PackageSlot | null>(null);
  const [status, setStatus] = useState("");
  const [feeKind, setFeeKind] = useState(values.travelFeeKind || "none");
  const [depositKind, setDepositKind] = useState(values.depositKind || "none");

  const firstClosed = PACKAGE_SLOTS.find((slot) => !open.includes(slot));
  // Before scripts run there is no Add button: one empty package is there to fill in.
  const shown = PACKAGE_SLOTS.filter(
    (slot) => open.includes(slot) || (!hydrated && slot === firstClosed),
  );

  function add() {
    if (firstClosed === undefined) return;
    setOpen([...open, firstClosed].sort((a, b) => a - b));
    setStatus("");
    // The new package's first field, once it is on the page.
    requestAnimationFrame(() =>
      document
        .getElementById(offerInputId(packageField(firstClosed, "Name")))
        ?.focus(),
    );
  }

  function remove(slot: PackageSlot, name: string) {
    setOpen(open.filter((s) => s !== slot));
    setFresh([...fresh.filter((s) => s !== slot), slot]);
    setConfirming(null);
    onRemove(slot);
    setStatus(
      `${name || "The package"} was removed. Save your profile to keep this change.`,
    );
    requestAnimationFrame(
      () =>
        document.getElementById("add-package")?.focus() ??
        document.getElementById("section-packages")?.focus(),
    );
  }

  const field = (
    slot: PackageSlot,
    part: Parameters<typeof packageField>[1],
  ) => {
    const name = packageField(slot, part);
    return {
      id: offerInputId(name),
      name,
      defaultValue: fresh.includes(slot) ? "" : values[name],
      error: errors[name],
      onBlur: () => onCheck(name),
      onChange: () => onEdit(name),
    };
  };
  const text = (name: Exclude<OfferField, "paymentMethods">) => ({
    id: offerInputId(name),
    name,
    defaultValue: values[name],
    error: errors[name],
    onBlur: () => onCheck(name),
    onChange: () => onEdit(name),
  });

  return (
    <div className="space-y-6">
      <input type="hidden" name={OFFER_SECTION_FIELD} value="1" />
      {!hydrated ? (
        <p className="text-sm text-slate-700">
          To remove a package, empty all of its fields and save.
        </p>
      ) : null}

      {shown.map((slot, index) => {
        const nameValue = () =>
          (
            document.getElementById(
              offerInputId(packageField(slot, "Name")),
            ) as HTMLInputElement | null
          )?.value.trim() ?? "";
        return (
          <fieldset
            key={`${slot}-${fresh.includes(slot) ? "new" : "kept"}`}
            className="space-y-4 rounded-lg border border-slate-200 p-4"
          >
            <legend className="px-1 text-base font-semibold text-slate-900">
              Package {index + 1}
            </legend>
            <TextField
              {...field(slot, "Name")}
              label="Package name"
              required
              maxLength={60}
              placeholder="Party visit"
              autoComplete="off"
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                {...field(slot, "Price")}
                label="Price ($)"
                required
                inputMode="numeric"
                placeholder="150"
              />
              <TextField
                {...field(slot, "Minutes")}
                label="Length (minutes)"
                required
                inputMode="numeric"
                placeholder="45"
              />
              <TextField
                {...field(slot, "MaxChildren")}
                label="Most children"
                inputMode="numeric"
                placeholder="20"
              />
            </div>
            <TextAreaField
              {...field(slot, "Included")}
              label="What is included"
              rows={3}
              maxLength={PACKAGE_INCLUDED_MAX}
              hint={`Up to ${PACKAGE_INCLUDED_MAX} characters: songs, games, photos, a gift for the birthday child...`}
            />
            {hydrated ? (
              confirming === slot ? (
                <div
                  role="group"
                  aria-label="Confirm removal"
                  className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-3 sm:flex-row sm:items-center"
                >
                  <p className="text-sm text-slate-900">
                    Remove {nameValue() ? `“${nameValue()}”` : "this package"}?
                  </p>
                  <div className="flex gap-3 sm:ml-auto">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setConfirming(null)}
                      autoFocus
                    >
                      Keep it
                    </Button>
                    <Button
                      variant="dangerConfirm"
                      size="sm"
                      onClick={() => remove(slot, nameValue())}
                    >
                      Yes, remove
                    </Button>
                  </div>
                </div>
              ) : (
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => setConfirming(slot)}
                >
                  Remove package {index + 1}
                </Button>
              )
            ) : null}
          </fieldset>
        );
      })}

      <p role="status" className="text-sm text-slate-800 empty:hidden">
        {status}
      </p>

      {hydrated ? (
        firstClosed !== undefined ? (
          <Button id="add-package" variant="secondary" onClick={add}>
            Add a package
          </Button>
        ) : (
          <p className="text-sm text-slate-700">
            You have {MAX_PACKAGES} packages, the most a profile shows.
          </p>
        )
      ) : null}

      <Fieldset
        legend="Travel fee"
        className="rounded-lg border border-slate-200 p-4"
      >
        <SelectField
          {...text("travelFeeKind")}
          label="How you charge for travel"
          onChange={(event) => {
            setFeeKind(event.target.value);
            onEdit("travelFeeKind");
          }}
        >
          <Options items={TRAVEL_FEE_CHOICES} />
        </SelectField>
        {feeKind === "per_mile" || !hydrated ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...text("travelFeeFreeMiles")}
              label="Free within (miles)"
              inputMode="numeric"
              placeholder="15"
            />
            <TextField
              {...text("travelFeePerMile")}
              label="Then per mile ($)"
              inputMode="decimal"
              placeholder="1.50"
            />
          </div>
        ) : null}
        {feeKind === "flat" || !hydrated ? (
          <TextField
            {...text("travelFeeFlat")}
            label="Flat travel fee ($)"
            inputMode="numeric"
            placeholder="40"
          />
        ) : null}
      </Fieldset>

      <Fieldset
        legend="Deposit and payment"
        className="rounded-lg border border-slate-200 p-4"
      >
        <p id="offer-money-note" className="text-sm text-slate-700">
          For parents&apos; information only: CostumeCast handles no money
          between you and families. You take the deposit and payment yourself.
        </p>
        <SelectField
          {...text("depositKind")}
          label="Deposit to book"
          onChange={(event) => {
            setDepositKind(event.target.value);
            onEdit("depositKind");
          }}
        >
          <Options items={DEPOSIT_CHOICES} />
        </SelectField>
        {depositKind !== "none" || !hydrated ? (
          <TextField
            {...text("depositAmount")}
            label={
              depositKind === "percent"
                ? "Deposit (% of the price)"
                : depositKind === "dollars"
                  ? "Deposit ($)"
                  : "Deposit (% or $)"
            }
            inputMode="numeric"
          />
        ) : null}
        <Fieldset legend="Payment methods you accept">
          <div className="grid gap-2 sm:grid-cols-2">
            {PAYMENT_METHODS.map((method, index) => (
              <CheckboxField
                key={method}
                id={`profile-paymentMethods-${index}`}
                name="paymentMethods"
                value={method}
                label={method}
                defaultChecked={values.paymentMethods.includes(method)}
              />
            ))}
          </div>
        </Fieldset>
      </Fieldset>
    </div>
  );
}
