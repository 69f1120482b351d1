import type { ProfileCardData } from "~/components/profile/types";

// schema.org descriptions of the directory's list pages, for search engines.

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

export function collectionPageJsonLd(input: {
  origin: string;
  path: string;
  name: string;
  description: string;
  total: number;
  /** Position of the first card on this page (0 on page 1). */
  offset: number;
  profiles: ProfileCardData[];
}) {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: input.name,
    description: input.description,
    url: `${input.origin}${input.path}`,
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: input.total,
      itemListElement: input.profiles
        .filter((p) => !p.isSample)
        .map((p, i) => ({
          "@type": "ListItem",
          position: input.offset + i + 1,
          name: p.displayName,
          url: `${input.origin}/profile/${p.id}`,
        })),
    },
  };
}
