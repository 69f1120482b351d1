import { data, Form, Link } from "react-router";
import type { Route } from "./+types/dashboard.trust";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Options, SelectField, TextField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import {
  documentFieldsSchema,
  dollarsShort,
  monthYear,
  personSchema,
  removePersonSchema,
  TRUST_ACCEPT_ATTRIBUTE,
  TRUST_FILE_FIELD,
} from "~/lib/trust";
import { requireUser } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { todayIso } from "~/server/trust/figures.server";
import { ownDocuments, readTrustPost, uploadTrustDocument } from "~/server/trust/documents.server";
import { addTrustPerson, listTrustPeople, removeTrustPerson } from "~/server/trust/people.server";

// /dashboard/trust: the people who may arrive in costume, and the background checks and insurance
// certificates the performer sends for an admin to review. The page reads its own body (exempt from
// the 64 KB form limit, capped in readTrustPost) only after the session is checked.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const [people, documents] = await Promise.all([listTrustPeople(context.db, user.id), ownDocuments(context.db, user.id)]);
  return data({ people, documents, today: todayIso() }, { headers: privateHeaders() });
}

type FormName = "person" | "background_check" | "insurance" | "remove";
function failed(form: FormName, errors: Record<string, string>, values: Record<string, unknown>, status: number) {
  return data({ form, errors, values }, { status, headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const post = await readTrustPost(request);
  if (!post.ok) {
    return failed("background_check", { [post.field === "file" ? "file" : "form"]: post.message }, {}, post.status);
  }
  const intent = post.form.get("intent");
  if (intent === "add-person") {
    const form = parseForm(personSchema, post.form);
    if (!form.ok) return failed("person", form.errors, form.values, 400);
    const outcome = await addTrustPerson(context.db, user.id, form.data.fullName);
    if (!outcome.ok) return failed("person", { fullName: outcome.message }, form.values, 409);
    context.pagesChanged?.();
    return redirectWithFlash(context, request, "/dashboard/trust", { type: "success", message: `${form.data.fullName} added.` });
  }
  if (intent === "remove-person") {
    const form = parseForm(removePersonSchema, post.form);
    const outcome = form.ok ? await removeTrustPerson(context.db, user.id, form.data.id) : { ok: false as const, message: "That person is no longer on your list." };
    if (outcome.ok) context.pagesChanged?.();
    return redirectWithFlash(context, request, "/dashboard/trust", { type: outcome.ok ? "success" : "error", message: outcome.ok ? "Removed from your list." : outcome.message });
  }
  const kindPosted = post.form.get("kind") === "insurance" ? "insurance" : "background_check";
  const form = parseForm(documentFieldsSchema(todayIso()), post.form);
  if (!form.ok) return failed(kindPosted, form.errors, form.values, 400);
  const outcome = await uploadTrustDocument(context, user.id, form.data, post.file);
  if (!outcome.ok) return failed(kindPosted, { [outcome.field]: outcome.message }, form.values, outcome.status);
  return redirectWithFlash(context, request, "/dashboard/trust", { type: "success", message: "Document received. An admin reviews it, usually within two working days." });
}

export function headers() {
  return privateHeaders();
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Background checks and insurance", description: "Documents for review.", path: "/dashboard/trust", noindex: true });
}

const STATUS_WORDS = { pending: "Waiting for review", approved: "Approved", rejected: "Not accepted" } as const;

export default function DashboardTrust({ loaderData, actionData }: Route.ComponentProps) {
  const { people, documents, today } = loaderData;
  const errorsFor = (form: FormName): Record<string, string> => (actionData?.form === form ? actionData.errors : {});
  const valuesFor = (form: FormName): Record<string, string> => (actionData?.form === form ? (actionData.values as unknown as Record<string, string>) : {});
  const personErrors = errorsFor("person");
  const checkErrors = errorsFor("background_check");
  const checkValues = valuesFor("background_check");
  const insuranceErrors = errorsFor("insurance");
  const insuranceValues = valuesFor("insurance");
  return (
    <div>
      <PageHeader title="Background checks and insurance" description="Documents our team reviews before a badge goes on your profile." />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
        <p>
          <Link to="/dashboard" className="font-semibold text-brand-800 underline">
            Back to Dashboard
          </Link>
        </p>
        <p className="text-slate-800">
          Documents are private: only you and our admins can open them. We read the name and dates on each one and delete the file 30 days after our decision,
          keeping only what we decided. The badge shows until the date we approve it to.
        </p>

        <section aria-labelledby="people-heading" className="space-y-3">
          <h2 id="people-heading" className="text-lg font-bold text-slate-900">
            Who may arrive in costume
          </h2>
          <p className="text-sm text-slate-700">List everyone who may perform at a party under this listing. Your profile shows a reviewed background check only when every person on this list has one.</p>
          {people.length === 0 ? (
            <p className="text-slate-700">Nobody listed yet.</p>
          ) : (
            <ul className="space-y-2">
              {people.map((person) => (
                <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
                  <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{person.fullName}</span>
                  <Form method="post">
                    <input type="hidden" name="id" value={person.id} />
                    <Button type="submit" name="intent" value="remove-person" variant="secondary" size="sm" className="min-h-11" aria-label={`Remove ${person.fullName}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" className="space-y-2">
            <TextField id="person-name" name="fullName" label="Full name, as on their ID" autoComplete="off" maxLength={80} required defaultValue={valuesFor("person").fullName ?? ""} error={personErrors.fullName} />
            <Button type="submit" name="intent" value="add-person" size="sm" className="min-h-11">
              Add person
            </Button>
          </Form>
        </section>

        <section aria-labelledby="check-heading" className="space-y-3">
          <h2 id="check-heading" className="text-lg font-bold text-slate-900">
            Upload a background-check report
          </h2>
          {people.length === 0 ? (
            <p className="text-slate-700">Add the person the report covers first.</p>
          ) : (
            <Form method="post" encType="multipart/form-data" className="space-y-3">
              <input type="hidden" name="kind" value="background_check" />
              {checkErrors.form ? <Alert tone="error">{checkErrors.form}</Alert> : null}
              <SelectField id="check-person" name="personId" label="Whom it covers" required defaultValue={checkValues.personId ?? ""} error={checkErrors.personId}>
                <option value="">Choose a person</option>
                <Options items={people.map((p) => ({ value: p.id, label: p.fullName }))} />
              </SelectField>
              <TextField id="check-provider" name="provider" label="Screening provider" hint="The company that ran the check, as named on the report." maxLength={100} required defaultValue={checkValues.provider ?? ""} error={checkErrors.provider} />
              <TextField id="check-issued" name="issuedOn" type="date" label="Date on the report" hint="Within the last 12 months." max={today} required defaultValue={checkValues.issuedOn ?? ""} error={checkErrors.issuedOn} />
              <TextField id="check-file" name={TRUST_FILE_FIELD} type="file" label="The report (PDF or photo, up to 10 MB)" accept={TRUST_ACCEPT_ATTRIBUTE} required error={checkErrors.file} />
              <Button type="submit" name="intent" value="upload" className="min-h-11">
                Send for review
              </Button>
            </Form>
          )}
        </section>

        <section aria-labelledby="insurance-heading" className="space-y-3">
          <h2 id="insurance-heading" className="text-lg font-bold text-slate-900">
            Upload a certificate of insurance
          </h2>
          <Form method="post" encType="multipart/form-data" className="space-y-3">
            <input type="hidden" name="kind" value="insurance" />
            {insuranceErrors.form ? <Alert tone="error">{insuranceErrors.form}</Alert> : null}
            <TextField id="insurance-carrier" name="provider" label="Insurance carrier" maxLength={100} required defaultValue={insuranceValues.provider ?? ""} error={insuranceErrors.provider} />
            <TextField id="insurance-limit" name="limit" inputMode="numeric" label="General liability limit per occurrence, in dollars" hint="For example 1000000 for $1M." required defaultValue={insuranceValues.limit ?? ""} error={insuranceErrors.limit} />
            <TextField id="insurance-expires" name="expiresOn" type="date" label="Policy expiry date" min={today} required defaultValue={insuranceValues.expiresOn ?? ""} error={insuranceErrors.expiresOn} />
            <TextField id="insurance-file" name={TRUST_FILE_FIELD} type="file" label="The certificate (PDF or photo, up to 10 MB)" accept={TRUST_ACCEPT_ATTRIBUTE} required error={insuranceErrors.file} />
            <Button type="submit" name="intent" value="upload" className="min-h-11">
              Send for review
            </Button>
          </Form>
        </section>

        <section aria-labelledby="documents-heading" className="space-y-3">
          <h2 id="documents-heading" className="text-lg font-bold text-slate-900">
            Your documents
          </h2>
          {documents.length === 0 ? (
            <p className="text-slate-700">Nothing sent yet.</p>
          ) : (
            <ul className="space-y-3">
              {documents.map((doc) => (
                <li key={doc.id} className="space-y-1 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 [overflow-wrap:anywhere]">
                  <p className="font-semibold text-slate-900">
                    {doc.kind === "background_check" ? `Background check: ${doc.personName ?? "a person no longer listed"}` : `Insurance: ${doc.limitDollars ? dollarsShort(doc.limitDollars) : ""} liability`}
                  </p>
                  <p>
                    {doc.provider}
                    {doc.issuedOn ? `, dated ${doc.issuedOn}` : ""}
                    {doc.expiresOn ? `, expires ${doc.expiresOn}` : ""}
                  </p>
                  <p>
                    <strong>{STATUS_WORDS[doc.status]}</strong>
                    {doc.status === "approved" && doc.validUntil ? (doc.validUntil >= today ? `: badge until ${monthYear(doc.validUntil)}` : ": ended") : ""}
                    {doc.status === "rejected" && doc.reason ? `: ${doc.reason}` : ""}
                  </p>
                  {doc.hasFile ? (
                    <p>
                      <a href={`/dashboard/trust/documents/${doc.id}`} className="font-semibold text-brand-800 underline" target="_blank" rel="noreferrer">
                        Open the file
                      </a>
                    </p>
                  ) : (
                    <p className="text-slate-600">The file was deleted after our decision.</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
