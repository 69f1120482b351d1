import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/safety-first";
import { PageHeader } from "~/components/ui/PageHeader";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Safety First: A Guide for Performers",
    description: "Practical advice for costume and cosplay performers: profiles, stage names, rates, safety at gigs and working with clients.",
    path: "/safety-first",
    noindex: true,
  });
}

const SECTIONS = [
  { id: "strong-profile", title: "Build a strong profile" },
  { id: "alias", title: "Use an alias" },
  { id: "rates", title: "Set your rates" },
  { id: "safety", title: "Stay safe at every gig" },
  { id: "communication", title: "Communicate clearly" },
  { id: "what-not-to-do", title: "What not to do" },
  { id: "organised", title: "Stay organised" },
] as const;

function Section({ id, children }: { id: (typeof SECTIONS)[number]["id"]; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section aria-labelledby={id} className="scroll-mt-24 space-y-3">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 text-slate-800 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-2">{children}</div>
    </section>
  );
}

export default function SafetyFirst() {
  return (
    <div>
      <PageHeader
        title="Safety First"
        description="A practical guide for performers: how to present yourself, price your time, and keep every booking safe and professional."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="font-medium text-brand-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
          <Link to="/dashboard" className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline">
            <span aria-hidden="true">&larr;</span> Back to Dashboard
          </Link>
        </nav>

        <article className="max-w-3xl space-y-10">
          <Section id="strong-profile">
            <p>
              Clients decide in seconds. A complete profile with good photos is the difference between being scrolled past and
              getting the inquiry.
            </p>
            <ul>
              <li>
                Upload <strong>at least 2 to 3 photos</strong>: one clear, well-lit full-body shot in costume as your main image,
                plus a close-up and, if you have one, a photo of you interacting with guests. Use only photos you own.
              </li>
              <li>
                Write a bio that says who you portray, what a visit includes (games, photos, storytelling, a short show), how long
                you stay and which ages you work with.
              </li>
              <li>Pick the categories that truly fit. A precise listing brings better-matched inquiries.</li>
              <li>Set your city and state and how far you travel, so local clients find you first.</li>
              <li>Keep it current: update photos when a costume changes and remove characters you no longer perform.</li>
            </ul>
          </Section>

          <Section id="alias">
            <p>
              You don&apos;t need to put your legal name on a public page. Many performers work under a stage name, and it&apos;s
              a sensible default.
            </p>
            <ul>
              <li>Choose a memorable stage name or business name for your display name.</li>
              <li>
                Use a contact email made just for bookings rather than your personal address. Inquiries reach you by email and
                your contact address is never shown on your public profile.
              </li>
              <li>Consider a separate phone number (a free calling app works) for client calls and texts.</li>
              <li>Don&apos;t post your home address or anything that reveals where you live, including in photo backgrounds.</li>
            </ul>
          </Section>

          <Section id="rates">
            <p>
              If you&apos;re unsure where to begin, <strong>start at $100 to $150 per hour with a 2-hour minimum</strong>, then
              adjust to your market, your experience and the quality of your costume.
            </p>
            <ul>
              <li>A minimum booking covers your preparation, getting into costume and travel, which take time that isn&apos;t on the clock.</li>
              <li>Charge extra for long travel, early or late hours, outdoor heat, and events with many guests.</li>
              <li>Ask for a deposit to hold the date, and state your cancellation policy before the client pays it.</li>
              <li>Show a price range on your profile so clients self-select before they write.</li>
              <li>Raise your prices as your calendar fills up; demand is the best guide.</li>
            </ul>
          </Section>

          <Section id="safety">
            <ul>
              <li>Tell a friend where you&apos;re going, when you expect to finish, and check in afterwards.</li>
              <li>Bring a handler or helper to larger events: they guide you, watch your costume and step in when needed.</li>
              <li>Confirm the venue address and a contact person on site before the day.</li>
              <li>
                Never agree to meet a client somewhere private before the event, and leave any situation that feels wrong.
                Your safety comes before the booking.
              </li>
              <li>
                Ask for a private place to change, and keep your belongings with you. Costumes get hot: take breaks and drink
                water, especially outdoors.
              </li>
              <li>At children&apos;s events, stay where parents can see you and never be alone with a child.</li>
            </ul>
          </Section>

          <Section id="communication">
            <ul>
              <li>Reply to inquiries quickly, ideally within a day; the first performer to answer often gets the job.</li>
              <li>
                Confirm everything in writing: date, start and end time, address, which character, what the visit includes, the
                price, the deposit and the cancellation terms.
              </li>
              <li>Ask about the guests: how many, what ages, any allergies, fears or special needs you should know about.</li>
              <li>Send a short reminder a day or two before, and a thank-you afterwards with a request for a review.</li>
              <li>
                This site doesn&apos;t process payments or bookings: agree terms and payment directly with your client, using a
                method that leaves a record.
              </li>
            </ul>
          </Section>

          <Section id="what-not-to-do">
            <ul>
              <li>
                <strong>Don&apos;t use trademarked character names</strong> in your display name, bio or photos&apos; captions.
                Describe the character instead (for example &ldquo;ice princess&rdquo; or &ldquo;web-slinging hero&rdquo;).
              </li>
              <li>Don&apos;t use official promotional images or pictures you didn&apos;t take or don&apos;t have rights to.</li>
              <li>Don&apos;t accept payment methods you can&apos;t verify, or &ldquo;overpayments&rdquo; you are asked to refund.</li>
              <li>Don&apos;t break character in front of young children, and keep content family-friendly unless the event clearly isn&apos;t for kids.</li>
              <li>Don&apos;t perform while unwell or injured; reschedule early and honestly instead.</li>
            </ul>
          </Section>

          <Section id="organised">
            <ul>
              <li>Keep one calendar for all bookings, with buffers for travel and costume changes.</li>
              <li>Use a checklist for each character: costume pieces, props, repair kit, water, wipes and a charged phone.</li>
              <li>Record every payment and expense; it makes tax time much easier.</li>
              <li>Save templates for your replies, confirmations and reminders so every client gets the same clear details.</li>
              <li>
                Check your{" "}
                <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">
                  dashboard
                </Link>{" "}
                regularly for new inquiries and mark them as read once handled.
              </li>
            </ul>
          </Section>
        </article>
      </div>
    </div>
  );
}
