import type { MetaDescriptor } from "react-router";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute site origin, e.g. https://costumecast.com (from the root loader). */
  origin: string;
  path: string;
  siteName: string;
  image?: string | null;
  type?: string;
  noindex?: boolean;
  jsonLd?: unknown[];
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const fullTitle = input.title.includes(input.siteName) ? input.title : `${input.title} | ${input.siteName}`;
  const image = input.image ? (input.image.startsWith("http") ? input.image : `${input.origin}${input.image}`) : null;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.siteName },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: input.description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data } as MetaDescriptor);
  return tags;
}

export interface SiteInfo {
  origin: string;
  siteName: string;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

/** The site's origin and name, read from the root loader's data inside a route's `meta`. */
export function siteFrom(matches: readonly (MatchLike | undefined)[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as Partial<SiteInfo> | undefined;
  return { origin: data?.origin ?? "", siteName: data?.siteName ?? "CostumeCast" };
}
