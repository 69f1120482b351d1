import { dollarsShort, monthYear, type TrustBadges } from "~/lib/trust";

// The profile's trust section: what our admins reviewed and whom it covers, in words a parent can
// check against the person at the door. Server-rendered facts only (it sits in ProfileDetails'
// on-demand module, so a public profile downloads none of it); the explainer is a plain <details>.

/** Whether a reviewed background check covers at least one person today (the self-declared line then goes). */
export function hasReviewedCheck(trust: TrustBadges | undefined): boolean {
  return Boolean(trust?.people.some((person) => person.checkedUntil));
}

export function ProfileTrust({ trust }: { trust: TrustBadges }) {
  const reviewed = hasReviewedCheck(trust);
  const lines: { key: string; text: string; strong: boolean }[] = [];
  if (reviewed) {
    for (const [i, person] of trust.people.entries()) {
      lines.push({
        key: `person-${i}`,
        text: person.checkedUntil
          ? `Background check reviewed by CostumeCast · covers ${person.name} · valid until ${monthYear(person.checkedUntil)}`
          : `${person.name}: no reviewed background check`,
        strong: Boolean(person.checkedUntil),
      });
    }
  }
  if (trust.insurance) {
    lines.push({ key: "insured", text: `Insured: ${dollarsShort(trust.insurance.limitDollars)} liability · until ${monthYear(trust.insurance.until)}`, strong: true });
  }
  if (trust.emailConfirmed) lines.push({ key: "email", text: "Email confirmed", strong: false });
  if (trust.listedSince) lines.push({ key: "since", text: `Listed since ${trust.listedSince}`, strong: false });
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="trust-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="trust-heading" className="text-xl font-semibold text-slate-900">
        Checked by CostumeCast
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-800" data-testid="trust-badges">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-2 [overflow-wrap:anywhere]">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
              {line.strong ? <path d="m8.5 12 2.5 2.5 4.5-5" /> : null}
            </svg>
            <span className={line.strong ? "font-semibold" : undefined}>{line.text}</span>
          </li>
        ))}
      </ul>
      {reviewed || trust.insurance ? (
        <details className="mt-3 text-sm text-slate-700">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">What we checked, and what we did not</summary>
          <p className="mt-1">
            Our team opened the report or certificate the performer sent us and compared the name on it with the person named here, and its dates with the ones shown. We did not run
            the background check ourselves, and we did not ask the insurer to confirm the cover: the document is the performer&apos;s, and a badge ends on its date. Ask to see the
            certificate before your event if your venue needs one.
          </p>
        </details>
      ) : null}
    </section>
  );
}
