/**
 * Sends a count to /insights/count without delaying anything the visitor does: the request
 * outlives the page if they navigate away (keepalive), and a failure is of no interest to them.
 */
export function reportToInsights(body: { view: string } | { appearances: string[] }): void {
  try {
    void fetch("/insights/count", {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // An old browser without fetch simply does not count.
  }
}
