import { z } from "zod";
import {
  hasControlCharacter,
  ONE_LINE_ONLY,
  parseValues,
  UNSUPPORTED_CHARACTERS,
  type FormResult,
} from "./form";
import {
  DEPOSIT_DOLLARS_MAX,
  DEPOSIT_KINDS,
  PACKAGE_CHILDREN_MAX,
  PACKAGE_INCLUDED_MAX,
  PACKAGE_MINUTES_MAX,
  PACKAGE_MINUTES_MIN,
  PACKAGE_NAME_MAX,
  PACKAGE_PRICE_MAX,
  PACKAGE_SLOTS,
  PAYMENT_METHODS,
  TRAVEL_FEE_KINDS,
  TRAVEL_FLAT_MAX,
  TRAVEL_FREE_MILES_MAX,
  TRAVEL_PER_MILE_CENTS_MAX,
  type DepositKind,
  type DepositRule,
  type PackageInput,
  type PackageSlot,
  type PaymentMethod,
  type TravelFeeKind,
  type TravelFeeRule,
} from "./package-rules";

// The Packages section of the profile editor: up to three packages, the travel-fee rule and the
// deposit. It posts with the profile form (one Save, one transaction), but has its own schema so
// the profile's field table stays about `profiles` columns. Each slot's fields are flat names
// (`package0Name`...) so the form protocol's one message per field lands next to the right box.

export const PACKAGE_PARTS = [
  "Name",
  "Minutes",
  "Included",
  "MaxChildren",
  "Price",
] as const;
type PackagePart = (typeof PACKAGE_PARTS)[number];
export type PackageFieldName = `package${PackageSlot}${PackagePart}`;

export function packageField(
  slot: PackageSlot,
  part: PackagePart,
): PackageFieldName {
  return `package${slot}${part}`;
}

const OFFER_TEXT_FIELDS = [
  "travelFeeKind",
  "travelFeeFreeMiles",
  "travelFeePerMile",
  "travelFeeFlat",
  "depositKind",
  "depositAmount",
] as const;
type OfferTextField = (typeof OFFER_TEXT_FIELDS)[number];
export type OfferField = PackageFieldName | OfferTextField | "paymentMethods";

export type OfferFormValues = Record<
  PackageFieldName | OfferTextField,
  string
> & { paymentMethods: string[] };
export type OfferErrors = Partial<Record<OfferField, string>>;

/** What the section saves: the packages in slot order (empty slots left out), the rules, the methods. */
export interface OfferInput {
  packages: PackageInput[];
  travelFee: TravelFeeRule;
  deposit: DepositRule;
  paymentMethods: PaymentMethod[];
}

/** Every field of the section in document order (the first with a problem gets focus). */
export const OFFER_FIELD_ORDER: readonly OfferField[] = [
  ...PACKAGE_SLOTS.flatMap((slot) =>
    PACKAGE_PARTS.map((part) => packageField(slot, part)),
  ),
  ...OFFER_TEXT_FIELDS,
  "paymentMethods",
];

export function emptyOfferValues(): OfferFormValues {
  const values = { paymentMethods: [] as string[] } as OfferFormValues;
  for (const slot of PACKAGE_SLOTS)
    for (const part of PACKAGE_PARTS) values[packageField(slot, part)] = "";
  for (const field of OFFER_TEXT_FIELDS) values[field] = "";
  values.travelFeeKind = "none";
  values.depositKind = "none";
  return values;
}

/** The stored offer as the form shows it. */
export function offerValues(offer: OfferInput): OfferFormValues {
  const values = emptyOfferValues();
  offer.packages.slice(0, PACKAGE_SLOTS.length).forEach((item, index) => {
    const slot = index as PackageSlot;
    values[packageField(slot, "Name")] = item.name;
    values[packageField(slot, "Minutes")] = String(item.minutes);
    values[packageField(slot, "Included")] = item.included;
    values[packageField(slot, "MaxChildren")] =
      item.maxChildren === null ? "" : String(item.maxChildren);
    values[packageField(slot, "Price")] = String(item.price);
  });
  values.travelFeeKind = offer.travelFee.kind;
  if (offer.travelFee.kind === "per_mile") {
    values.travelFeeFreeMiles = String(offer.travelFee.freeMiles);
    values.travelFeePerMile = (offer.travelFee.centsPerMile / 100).toFixed(2);
  } else if (offer.travelFee.kind === "flat") {
    values.travelFeeFlat = String(offer.travelFee.dollars);
  }
  values.depositKind = offer.deposit.kind;
  if (offer.deposit.kind === "percent")
    values.depositAmount = String(offer.deposit.percent);
  else if (offer.deposit.kind === "dollars")
    values.depositAmount = String(offer.deposit.dollars);
  values.paymentMethods = [...offer.paymentMethods];
  return values;
}

/** Whether a slot holds anything: a slot left wholly empty is no package (that is how one is removed). */
export function slotIsEmpty(
  values: OfferFormValues,
  slot: PackageSlot,
): boolean {
  return PACKAGE_PARTS.every(
    (part) => values[packageField(slot, part)].trim() === "",
  );
}

type Amount = { value: number } | { problem: "empty" | "format" | "range" };

/** "150", "$150" and "1,500" are whole numbers; "150.50" and "abc" are not. */
function wholeNumber(raw: string, min: number, max: number): Amount {
  const text = raw.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (text === "") return { problem: "empty" };
  if (!/^\d+$/.test(text)) return { problem: "format" };
  const value = Number(text);
  return value < min || value > max ? { problem: "range" } : { value };
}

/** Dollars and cents ("1.5", "$1.50", "2") as whole cents. */
function cents(raw: string, min: number, max: number): Amount {
  const text = raw.trim().replace(/^\$/, "").trim();
  if (text === "") return { problem: "empty" };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { problem: "format" };
  const value =
    Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return value < min || value > max ? { problem: "range" } : { value };
}

type Messages = Record<"empty" | "format" | "range", string>;

export const PACKAGE_MESSAGES = {
  nameRequired: "Give this package a name",
  nameTooLong: `Package name must be ${PACKAGE_NAME_MAX} characters or fewer`,
  minutes: {
    empty: "Enter how long the visit lasts, in minutes",
    format: "Enter the length as a whole number of minutes, like 45",
    range: `Length must be between ${PACKAGE_MINUTES_MIN} and ${PACKAGE_MINUTES_MAX} minutes`,
  },
  includedTooLong: `What is included must be ${PACKAGE_INCLUDED_MAX} characters or fewer`,
  maxChildren: {
    empty: "",
    format: "Enter the most children as a whole number, like 20",
    range: `Most children must be between 1 and ${PACKAGE_CHILDREN_MAX}`,
  },
  price: {
    empty: "Enter the package price in whole dollars",
    format: "Enter the price in whole dollars, like 150",
    range: `Price must be between $1 and $${PACKAGE_PRICE_MAX.toLocaleString("en-US")}`,
  },
  travelFeeKind: "Choose how you charge for travel",
  freeMiles: {
    empty: "Enter how many miles are free (0 if none)",
    format: "Enter the free miles as a whole number, like 15",
    range: `Free miles must be between 0 and ${TRAVEL_FREE_MILES_MAX.toLocaleString("en-US")}`,
  },
  perMile: {
    empty: "Enter the fee per mile, like 1.50",
    format: "Enter the fee per mile in dollars and cents, like 1.50",
    range: `Fee per mile must be between $0.01 and $${(TRAVEL_PER_MILE_CENTS_MAX / 100).toFixed(2)}`,
  },
  flat: {
    empty: "Enter the flat travel fee in whole dollars",
    format: "Enter the flat fee in whole dollars, like 40",
    range: `Flat fee must be between $1 and $${TRAVEL_FLAT_MAX.toLocaleString("en-US")}`,
  },
  depositKind: "Choose a deposit type",
  depositPercent: {
    empty: "Enter the deposit as a percentage",
    format: "Enter the percentage as a whole number, like 25",
    range: "Deposit must be between 1% and 100%",
  },
  depositDollars: {
    empty: "Enter the deposit in whole dollars",
    format: "Enter the deposit in whole dollars, like 50",
    range: `Deposit must be between $1 and $${DEPOSIT_DOLLARS_MAX.toLocaleString("en-US")}`,
  },
} as const;

const isTravelFeeKind = (value: string): value is TravelFeeKind =>
  (TRAVEL_FEE_KINDS as readonly string[]).includes(value);
const isDepositKind = (value: string): value is DepositKind =>
  (DEPOSIT_KINDS as readonly string[]).includes(value);

/** The section's values read into an offer, or one message per field that is wrong. */
export function readOffer(
  values: OfferFormValues,
): { ok: true; offer: OfferInput } | { ok: false; errors: OfferErrors } {
  const errors: OfferErrors = {};
  const amount = (
    field: OfferField,
    result: Amount,
    messages: Messages,
  ): number | null => {
    if ("value" in result) return result.value;
    errors[field] = messages[result.problem];
    return null;
  };

  const packages: PackageInput[] = [];
  for (const slot of PACKAGE_SLOTS) {
    if (slotIsEmpty(values, slot)) continue;
    const nameField = packageField(slot, "Name");
    const includedField = packageField(slot, "Included");
    const name = values[nameField].trim();
    if (name === "") errors[nameField] = PACKAGE_MESSAGES.nameRequired;
    else if (hasControlCharacter(name, true))
      errors[nameField] = UNSUPPORTED_CHARACTERS;
    else if (hasControlCharacter(name)) errors[nameField] = ONE_LINE_ONLY;
    else if (name.length > PACKAGE_NAME_MAX)
      errors[nameField] = PACKAGE_MESSAGES.nameTooLong;
    const included = values[includedField].trim().replace(/\r\n?/g, "\n");
    if (hasControlCharacter(included, true))
      errors[includedField] = UNSUPPORTED_CHARACTERS;
    else if (included.length > PACKAGE_INCLUDED_MAX)
      errors[includedField] = PACKAGE_MESSAGES.includedTooLong;
    const minutes = amount(
      packageField(slot, "Minutes"),
      wholeNumber(
        values[packageField(slot, "Minutes")],
        PACKAGE_MINUTES_MIN,
        PACKAGE_MINUTES_MAX,
      ),
      PACKAGE_MESSAGES.minutes,
    );
    const childrenText = values[packageField(slot, "MaxChildren")];
    const maxChildren =
      childrenText.trim() === ""
        ? null
        : amount(
            packageField(slot, "MaxChildren"),
            wholeNumber(childrenText, 1, PACKAGE_CHILDREN_MAX),
            PACKAGE_MESSAGES.maxChildren,
          );
    const price = amount(
      packageField(slot, "Price"),
      wholeNumber(values[packageField(slot, "Price")], 1, PACKAGE_PRICE_MAX),
      PACKAGE_MESSAGES.price,
    );
    if (minutes !== null && price !== null)
      packages.push({ name, minutes, included, maxChildren, price });
  }

  let travelFee: TravelFeeRule = { kind: "none" };
  const feeKind = values.travelFeeKind.trim() || "none";
  if (!isTravelFeeKind(feeKind)) {
    errors.travelFeeKind = PACKAGE_MESSAGES.travelFeeKind;
  } else if (feeKind === "per_mile") {
    const freeMiles = amount(
      "travelFeeFreeMiles",
      wholeNumber(values.travelFeeFreeMiles, 0, TRAVEL_FREE_MILES_MAX),
      PACKAGE_MESSAGES.freeMiles,
    );
    const centsPerMile = amount(
      "travelFeePerMile",
      cents(values.travelFeePerMile, 1, TRAVEL_PER_MILE_CENTS_MAX),
      PACKAGE_MESSAGES.perMile,
    );
    if (freeMiles !== null && centsPerMile !== null)
      travelFee = { kind: "per_mile", freeMiles, centsPerMile };
  } else if (feeKind === "flat") {
    const dollars = amount(
      "travelFeeFlat",
      wholeNumber(values.travelFeeFlat, 1, TRAVEL_FLAT_MAX),
      PACKAGE_MESSAGES.flat,
    );
    if (dollars !== null) travelFee = { kind: "flat", dollars };
  }

  let deposit: DepositRule = { kind: "none" };
  const depositKind = values.depositKind.trim() || "none";
  if (!isDepositKind(depositKind)) {
    errors.depositKind = PACKAGE_MESSAGES.depositKind;
  } else if (depositKind === "percent") {
    const percent = amount(
      "depositAmount",
      wholeNumber(values.depositAmount, 1, 100),
      PACKAGE_MESSAGES.depositPercent,
    );
    if (percent !== null) deposit = { kind: "percent", percent };
  } else if (depositKind === "dollars") {
    const dollars = amount(
      "depositAmount",
      wholeNumber(values.depositAmount, 1, DEPOSIT_DOLLARS_MAX),
      PACKAGE_MESSAGES.depositDollars,
    );
    if (dollars !== null) deposit = { kind: "dollars", dollars };
  }

  // Unknown methods are dropped, as unknown categories are: only the fixed list is ever offered.
  const paymentMethods = PAYMENT_METHODS.filter((method) =>
    values.paymentMethods.includes(method),
  );

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, offer: { packages, travelFee, deposit, paymentMethods } };
}

const rawFields = Object.fromEntries([
  ...PACKAGE_SLOTS.flatMap((slot) =>
    PACKAGE_PARTS.map(
      (part) => [packageField(slot, part), z.string()] as const,
    ),
  ),
  ...OFFER_TEXT_FIELDS.map((field) => [field, z.string()] as const),
]) as Record<PackageFieldName | OfferTextField, z.ZodString>;

/** The section's schema: the form protocol reads the post by it, and readOffer decides. */
export const offerSchema = z
  .object({ ...rawFields, paymentMethods: z.array(z.string()) })
  .transform((values, ctx) => {
    const result = readOffer(values);
    if (result.ok) return result.offer;
    for (const [field, message] of Object.entries(result.errors))
      ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  });

/** Checks what the editor holds, as the action will (the browser's per-field checks). */
export function validateOffer(
  values: OfferFormValues,
): FormResult<typeof offerSchema> {
  return parseValues(offerSchema, values);
}

/** A hidden field the Packages section posts, so a post without the section leaves packages alone. */
export const OFFER_SECTION_FIELD = "offerSection";
