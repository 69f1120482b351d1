import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.saved-replies";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm, type FieldErrors } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { REPLY_MAX_LENGTH, SAVED_REPLIES_FULL, SAVED_REPLIES_LIMIT, SAVED_REPLY_TITLE_MAX, savedReplyIntentSchema, savedReplySchema, STARTER_REPLIES, TEMPLATE_FIELDS } from "~/lib/saved-replies";
import { requireUser } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { addSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from "~/server/inquiries/saved-replies.server";

// /dashboard/saved-replies: the performer's own saved replies (add, edit, delete; at most
// SAVED_REPLIES_LIMIT) beside the starters everyone has. Plain forms; each answers its errors under
// its own id so the message lands beside the right box.

const HERE = "/dashboard/saved-replies";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return data({ own: await listSavedReplies(context.db, user.id) }, { headers: privateHeaders() });
}

/** A refusal, kept for the form it came from (`formId`), with what was typed. */
function refuse(status: number, formId: string, errors: FieldErrors, values: { title: string; body: string } | null) {
  return data({ formId, errors, values }, { status, headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const which = parseForm(savedReplyIntentSchema, formData);
  if (!which.ok) return refuse(400, "", { form: "Something went wrong. Please try again." }, null);
  const { intent, id = "" } = which.data;
  const formId = intent === "add" ? "new" : id;
  if (intent === "delete") {
    const deleted = await deleteSavedReply(context.db, user.id, id);
    if (deleted.kind !== "ok") return refuse(404, formId, { form: "This saved reply was already deleted." }, null);
    return redirectWithFlash(context, request, HERE, { type: "success", message: "Saved reply deleted" });
  }
  const form = parseForm(savedReplySchema, formData);
  if (!form.ok) return refuse(400, formId, form.errors, form.values);
  const outcome = intent === "add" ? await addSavedReply(context.db, user.id, form.data) : await updateSavedReply(context.db, user.id, id, form.data);
  if (outcome.kind === "full") return refuse(400, formId, { form: SAVED_REPLIES_FULL }, form.values);
  if (outcome.kind === "no-profile") return refuse(404, formId, { form: "Create your profile first." }, form.values);
  if (outcome.kind === "missing") return refuse(404, formId, { form: "This saved reply was deleted." }, null);
  return redirectWithFlash(context, request, HERE, { type: "success", message: intent === "add" ? "Saved reply added" : "Saved reply updated" });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Saved replies", description: "Replies you use often.", path: HERE, noindex: true });
}

type Answer = Route.ComponentProps["actionData"];

function ReplyFields({ formId, title, body, answer }: { formId: string; title: string; body: string; answer: Answer }) {
  const mine = answer?.formId === formId ? answer : null;
  const values = mine?.values ?? null;
  return (
    <>
      <TextField
        id={`${formId}-title`}
        label="Name"
        name="title"
        required
        maxLength={SAVED_REPLY_TITLE_MAX}
        defaultValue={values?.title ?? title}
        error={mine?.errors.title}
      />
      <TextAreaField
        id={`${formId}-body`}
        label="Reply"
        name="body"
        required
        rows={7}
        maxLength={REPLY_MAX_LENGTH}
        defaultValue={values?.body ?? body}
        error={mine?.errors.body}
      />
      {mine?.errors.form ? <Alert tone="error">{mine.errors.form}</Alert> : null}
    </>
  );
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { own } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const full = own.length >= SAVED_REPLIES_LIMIT;
  return (
    <div>
      <PageHeader title="Saved replies" description="Answer parents faster with replies you write once." />
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6">
        <Link to="/dashboard#inquiries" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">&larr;</span> Back to inquiries
        </Link>
        <p className="text-slate-800">
          Write these words in a reply and we fill them in from the inquiry: {TEMPLATE_FIELDS.join(", ")}. The package and price come from your
          packages.
        </p>

        <section aria-labelledby="own-heading" className="space-y-4">
          <h2 id="own-heading" className="text-lg font-bold text-slate-900">
            Your saved replies ({own.length} of {SAVED_REPLIES_LIMIT})
          </h2>
          {own.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
              You have no saved replies of your own yet. The starters below are ready to use.
            </p>
          ) : (
            <ul className="space-y-4">
              {own.map((reply) => (
                <li key={reply.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <Form method="post" className="space-y-3" noValidate>
                    <input type="hidden" name="id" value={reply.id} />
                    <ReplyFields formId={reply.id} title={reply.title} body={reply.body} answer={actionData} />
                    <div className="flex flex-wrap gap-3">
                      <Button type="submit" name="intent" value="update" className="min-h-11" disabled={busy}>
                        Save changes
                      </Button>
                      <Button type="submit" name="intent" value="delete" variant="secondary" className="min-h-11 text-red-800 hover:bg-red-50" disabled={busy}>
                        Delete<span className="sr-only"> {reply.title}</span>
                      </Button>
                    </div>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="add-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="add-heading" className="text-lg font-bold text-slate-900">
            Add a saved reply
          </h2>
          {full ? (
            <p className="text-slate-800">{SAVED_REPLIES_FULL}</p>
          ) : (
            <Form method="post" className="space-y-3" noValidate>
              <ReplyFields formId="new" title="" body="" answer={actionData} />
              <Button type="submit" name="intent" value="add" className="min-h-11" disabled={busy}>
                Add saved reply
              </Button>
            </Form>
          )}
        </section>

        <section aria-labelledby="starters-heading" className="space-y-3">
          <h2 id="starters-heading" className="text-lg font-bold text-slate-900">
            Starters everyone has
          </h2>
          <ul className="space-y-3">
            {STARTER_REPLIES.map((s) => (
              <li key={s.id} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
                <p className="font-semibold text-slate-900">{s.title}</p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{s.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
