import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";

/** What visitors will use to reach the performer, shown but switched off until the listing is live. */
export function DisabledContactForm({ listed }: { listed: boolean }) {
  return (
    <section aria-labelledby="preview-contact" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="preview-contact" className="text-lg font-semibold text-slate-900">
        Contact
      </h2>
      <p id="preview-contact-note" className="mt-1 text-sm text-slate-700">
        {listed
          ? "Clients use this form on your public profile; it is switched off in the preview."
          : "The contact form becomes available once your listing is activated."}
      </p>
      <form className="mt-4" aria-describedby="preview-contact-note" onSubmit={(e) => e.preventDefault()}>
        <fieldset disabled className="space-y-4">
          <TextField id="preview-contact-name" name="name" label="Name" />
          <TextField id="preview-contact-email" name="email" type="email" label="Email" />
          <TextAreaField id="preview-contact-message" name="message" label="Message" rows={4} />
          <Button type="submit" className="w-full">
            Send Message
          </Button>
        </fieldset>
      </form>
    </section>
  );
}
