import type { ThreadEntry } from "~/lib/inbox-view";
import { formatDate } from "~/components/dashboard/format";

/**
 * An inquiry's answers, oldest first, for the performer (`viewer="performer"`: "You replied") or
 * the parent ("Jolly Squad replied"). A decline names the performers it suggested, linked for the
 * parent.
 */
export function ThreadList({ entries, viewer, performerName }: { entries: ThreadEntry[]; viewer: "performer" | "parent"; performerName: string }) {
  const who = viewer === "performer" ? "You" : performerName;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {entry.kind === "reply"
              ? `${who} replied`
              : entry.kind === "decline"
                ? `${who} said sorry, booked that day`
                : "You answered by email, phone or text"}
            <span className="font-normal text-slate-700"> · {formatDate(entry.createdAt)}</span>
          </p>
          {entry.kind === "reply" ? <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{entry.body}</p> : null}
          {entry.kind === "decline" ? (
            entry.alternatives.length > 0 ? (
              <div className="mt-2 text-sm text-slate-800">
                <p>{viewer === "parent" ? "Performers with similar shows near you to ask instead:" : "Suggested instead:"}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {entry.alternatives.map((a) => (
                    <li key={a.id} className="[overflow-wrap:anywhere]">
                      {viewer === "parent" ? (
                        <a href={`/profile/${encodeURIComponent(a.id)}`} className="font-semibold text-brand-700 underline">
                          {a.name}
                        </a>
                      ) : (
                        a.name
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-700">No similar performer nearby was free to suggest.</p>
            )
          ) : null}
        </li>
      ))}
    </ol>
  );
}
