import { useEffect, useRef } from "react";
import { reportToInsights } from "./report";

/**
 * Counts one view of a public profile page. It runs in the browser after hydration because the page
 * itself comes from a cache (this process's or a CDN's) that a loader-side count would never see;
 * a crawler does not run it, and the server ignores crawlers and the owner anyway.
 */
export function CountView({ profileId }: { profileId: string }) {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === profileId) return;
    reported.current = profileId;
    reportToInsights({ view: profileId });
  }, [profileId]);
  return null;
}
