import { z } from "zod";
import { oneLine } from "./form";

// Trust documents (issue 28): the performer's forms on /dashboard/trust, the admin's decisions on
// /admin/trust, and the words the profile's badges use. Every message is the one shown by its field.

export const TRUST_FILE_FIELD = "file";
export const TRUST_MAX_BYTES = 10 * 1024 * 1024;
/** For `<input accept>`; the server decides from the file's first bytes. */
export const TRUST_ACCEPT_ATTRIBUTE = "application/pdf,.pdf,image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";
/** A background-check report older than this is refused at upload. */
export const CHECK_MAX_AGE_MONTHS = 12;

export const TRUST_FILE_TOO_BIG = "The file must be 10 MB or smaller.";
export const TRUST_FILE_TYPE = "Please upload a PDF, or a JPEG, PNG or WEBP image.";
export const TRUST_FILE_MISSING = "Please choose the file to upload.";
export const TRUST_IMAGE_UNREADABLE = "This image could not be read. Please upload a PDF or another image.";
export const PERSON_NAME_MESSAGE = "Please enter the person's full name (2 to 80 characters).";
export const PERSON_REQUIRED = "Please choose whom the check covers.";
export const PROVIDER_MESSAGE = "Please name the screening provider (2 to 100 characters).";
export const CARRIER_MESSAGE = "Please name the insurance carrier (2 to 100 characters).";
export const ISSUED_MESSAGE = `Please enter the date on the report; it must be within the last ${CHECK_MAX_AGE_MONTHS} months.`;
export const LIMIT_MESSAGE = "Please enter the liability limit in dollars, for example 1000000.";
export const EXPIRY_MESSAGE = "Please enter the certificate's expiry date; it must be in the future.";
export const VALID_UNTIL_MESSAGE = "Please enter the date the review stays valid until; it must be in the future.";
export const REJECT_REASON_MESSAGE = "Please say in a few words why (at most 500 characters); the performer receives it.";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
function validDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The day `months` months before `today` (both YYYY-MM-DD), clamped to the month's end. */
export function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export const personSchema = z.object({
  intent: z.literal("add-person"),
  fullName: oneLine(z.string().trim().min(2, PERSON_NAME_MESSAGE).max(80, PERSON_NAME_MESSAGE)),
});

export const removePersonSchema = z.object({ intent: z.literal("remove-person"), id: z.string().trim().min(1).max(100) });

/** The upload form's fields (the file travels beside them); `today` bounds the dates. */
export function documentFieldsSchema(today: string) {
  return z
    .object({
      intent: z.literal("upload"),
      kind: z.enum(["background_check", "insurance"], { error: "Please choose what the document is." }),
      personId: z.string().trim().max(100).optional(),
      provider: oneLine(z.string().trim().max(100)),
      issuedOn: z.string().trim().optional(),
      expiresOn: z.string().trim().optional(),
      limit: z.string().trim().optional(),
    })
    .superRefine((input, ctx) => {
      const tooShort = Array.from(input.provider).length < 2;
      if (input.kind === "background_check") {
        if (tooShort) ctx.addIssue({ code: "custom", path: ["provider"], message: PROVIDER_MESSAGE });
        if (!input.personId) ctx.addIssue({ code: "custom", path: ["personId"], message: PERSON_REQUIRED });
        const issued = input.issuedOn ?? "";
        if (!validDate(issued) || issued > today || issued < monthsBefore(today, CHECK_MAX_AGE_MONTHS)) {
          ctx.addIssue({ code: "custom", path: ["issuedOn"], message: ISSUED_MESSAGE });
        }
      } else {
        if (tooShort) ctx.addIssue({ code: "custom", path: ["provider"], message: CARRIER_MESSAGE });
        const limit = (input.limit ?? "").replace(/[$,\s]/g, "");
        if (!/^\d{4,10}$/.test(limit) || Number(limit) < 1000 || Number(limit) > 2_000_000_000) {
          ctx.addIssue({ code: "custom", path: ["limit"], message: LIMIT_MESSAGE });
        }
        const expires = input.expiresOn ?? "";
        if (!validDate(expires) || expires <= today) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: EXPIRY_MESSAGE });
      }
    })
    .transform((input) => ({
      kind: input.kind,
      personId: input.kind === "background_check" ? (input.personId ?? null) : null,
      provider: input.provider,
      issuedOn: input.issuedOn || null,
      expiresOn: input.kind === "insurance" ? input.expiresOn || null : null,
      limitDollars: input.kind === "insurance" ? Number((input.limit ?? "").replace(/[$,\s]/g, "")) : null,
    }));
}
export type DocumentFields = z.output<ReturnType<typeof documentFieldsSchema>>;

/** The admin's decision on /admin/trust: approve with a date, or reject with a reason. */
export function trustDecisionSchema(today: string) {
  return z
    .object({
      id: z.string().trim().min(1).max(100),
      decision: z.enum(["approve", "reject"]),
      validUntil: z.string().trim().optional(),
      reason: oneLine(z.string().trim().max(500, REJECT_REASON_MESSAGE)).optional(),
      page: z.string().optional(),
    })
    .superRefine((input, ctx) => {
      if (input.decision === "approve") {
        const until = input.validUntil ?? "";
        if (!validDate(until) || until <= today) ctx.addIssue({ code: "custom", path: ["validUntil"], message: VALID_UNTIL_MESSAGE });
      } else if (Array.from(input.reason ?? "").length < 3) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: REJECT_REASON_MESSAGE });
      }
    });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Aug 2027" from a YYYY-MM-DD date, as the badges show it. */
export function monthYear(isoDay: string): string {
  const [y, m] = isoDay.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? ""} ${y}`;
}

/** "$1M", "$2.5M", "$500,000": a liability limit as parents read it. */
export function dollarsShort(dollars: number): string {
  if (dollars >= 1_000_000) {
    const millions = dollars / 1_000_000;
    return `$${Number.isInteger(millions) ? millions : millions.toFixed(1).replace(/\.0$/, "")}M`;
  }
  return `$${dollars.toLocaleString("en-US")}`;
}

/** One person who may arrive, with their reviewed background check if any is valid today. */
export interface TrustPersonBadge {
  name: string;
  checkedUntil: string | null;
}

/** What the profile's trust section shows (the same on the public page and the owner's preview). */
export interface TrustBadges {
  people: TrustPersonBadge[];
  insurance: { limitDollars: number; until: string } | null;
  emailConfirmed: boolean;
  listedSince: string | null;
}
