import { useEffect, useRef } from "react";
import { reportToInsights } from "./report";

/** The most a page of results shows; the server refuses longer lists. */
const MAX_REPORTED = 48;

/**
 * Counts an appearance for each performer on a page of results (search, browse, a category or a
 * city), once per list shown: a new page or new filters report again, a re-render does not.
 */
export function CountAppearances({ profileIds }: { profileIds: readonly string[] }) {
  const key = profileIds.slice(0, MAX_REPORTED).join(",");
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (key === "" || reported.current === key) return;
    reported.current = key;
    reportToInsights({ appearances: key.split(",") });
  }, [key]);
  return null;
}
