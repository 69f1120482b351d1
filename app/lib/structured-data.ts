import { placeBrowseHref } from "./place-href";
import { excerpt } from "./format";
import type { ProfileCardData, ProfileDetailData } from "./profile-view";
import type { PublicReview } from "./review-view";

// schema.org descriptions of the directory's pages (lists and profiles) and a profile's title and
// description, for search engines. Plain data: loaders and meta functions both use it.

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

/** A listing page (browse, a category): the page as a collection of its cards, and its breadcrumbs. */
export function listingPageJsonLd(input: {
  origin: string;
  path: string;
  name: string;
  description: string;
  crumbs: Crumb[];
  total: number;
  page: number;
  pageSize: number;
  profiles: ProfileCardData[];
}) {
  // Position of the first card on this page (0 on page 1).
  const offset = (input.page - 1) * input.pageSize;
  return [
    {
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
            position: offset + i + 1,
            name: p.displayName,
            url: `${input.origin}/profile/${p.id}`,
          })),
      },
    },
    breadcrumbJsonLd(input.origin, input.crumbs),
  ];
}

/**
 * The performer's parties as a service with its verified reviews' rating and this page's reviews
 * (schema.org gives a Person no rating of their own); absent without published reviews.
 */
function reviewedServiceJsonLd(profile: ProfileDetailData, name: string, url: string, reviews: readonly PublicReview[]) {
  const figures = profile.reviewFigures;
  if (!figures || figures.count === 0) return undefined;
  return {
    "@type": "Service",
    name: `${name}: costume character performances`,
    provider: { "@type": "Person", name, url },
    aggregateRating: { "@type": "AggregateRating", ratingValue: figures.average, reviewCount: figures.count, bestRating: 5, worstRating: 1 },
    review: reviews.length
      ? reviews.map((r) => ({
          "@type": "Review",
          author: { "@type": "Person", name: r.authorName },
          datePublished: r.publishedOn,
          reviewBody: r.body,
          reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        }))
      : undefined,
  };
}

function profileJsonLd(profile: ProfileDetailData, origin: string, url: string, reviews: readonly PublicReview[] = []) {
  const name = profile.displayName ?? "";
  const image = profile.images[0]?.src;
  const sameAs = profile.connect.map((link) => link.url);
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Browse", path: "/browse" },
  ];
  if (profile.state) crumbs.push({ name: profile.stateName ?? profile.state, path: placeBrowseHref(profile.state) });
  if (profile.state && profile.city) {
    crumbs.push({ name: profile.city, path: placeBrowseHref(profile.state, profile.city) });
  }
  crumbs.push({ name, path: `/profile/${profile.id}` });
  const service = reviewedServiceJsonLd(profile, name, url, reviews);
  return [
    {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url,
      name,
      mainEntity: {
        "@type": "Person",
        name,
        url,
        description: excerpt(profile.bio, 300) || undefined,
        image: image ? (image.startsWith("http") ? image : `${origin}${image}`) : undefined,
        jobTitle: "Costume performer",
        knowsAbout: profile.categories.length + profile.characters.length ? [...profile.categories, ...profile.characters] : undefined,
        address: profile.state
          ? {
              "@type": "PostalAddress",
              addressLocality: profile.city ?? undefined,
              addressRegion: profile.state,
              addressCountry: "US",
            }
          : undefined,
        sameAs: sameAs.length ? sameAs : undefined,
      },
    },
    breadcrumbJsonLd(origin, crumbs),
    ...(service ? [{ "@context": "https://schema.org", ...service }] : []),
  ];
}

/**
 * A profile page's title, description and JSON-LD, worked out by the loader: the browser only needs
 * the finished strings (for the title after a client-side navigation), not the code that writes them.
 * Only a public profile gets JSON-LD; an owner's preview is not for search engines.
 */
export function profileSeo(profile: ProfileDetailData, origin: string, isPublic: boolean, reviews: readonly PublicReview[] = []) {
  const name = profile.displayName ?? "Profile preview";
  const place = [profile.city, profile.stateName].filter(Boolean).join(", ");
  return {
    title: place ? `${name} - Costume Performer in ${place}` : `${name} - Costume Performer`,
    description:
      excerpt(profile.bio) ||
      `${name} is a costume and cosplay performer${place ? ` in ${place}` : ""}. Send an inquiry to book an appearance.`,
    jsonLd: isPublic ? profileJsonLd(profile, origin, `${origin}/profile/${profile.id}`, reviews) : undefined,
  };
}
