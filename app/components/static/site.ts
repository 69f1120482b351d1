import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

export interface SiteDetails {
  siteName: string;
  contactEmails: { support: string; partners: string; privacy: string };
}

const FALLBACK: SiteDetails = {
  siteName: "CostumeCast",
  contactEmails: {
    support: "support@costumecast.com",
    partners: "partners@costumecast.com",
    privacy: "privacy@costumecast.com",
  },
};

/** Site name and public mailboxes from the root loader (configured by SITE_NAME and *_EMAIL). */
export function useSiteDetails(): SiteDetails {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return FALLBACK;
  return { siteName: root.siteName, contactEmails: root.contactEmails };
}
