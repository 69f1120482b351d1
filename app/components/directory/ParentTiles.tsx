import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { readSearchPlace } from "~/lib/last-search-place";
import { TILE_IMAGE_SIZE, TILE_IMAGE_WIDTHS, tileCountsHref, tileImage, type TilesView } from "~/lib/parent-tiles";

interface ParentTilesProps {
  /** The tiles as the server counted them: nationwide, or near a place it knew (a search's own). */
  view: TilesView;
  /** The section's heading and its level. */
  title: string;
  headingLevel?: 2 | 3;
  /** Pictures loaded at once (a page where the tiles are the first thing seen); the rest wait until scrolled near. */
  eagerImages?: number;
}

function isTilesView(body: unknown): body is TilesView {
  return typeof body === "object" && body !== null && Array.isArray((body as Partial<TilesView>).tiles) && (body as TilesView).tiles.length > 0;
}

/**
 * The tiles counted near the place this tab last searched, asked for once the page is in the
 * browser: the page itself is the same for every visitor (and so cacheable), and a visitor without
 * JavaScript or without a remembered place keeps the nationwide counts.
 */
function useNearTiles(enabled: boolean): TilesView | null {
  const [near, setNear] = useState<TilesView | null>(null);
  useEffect(() => {
    const place = enabled ? readSearchPlace() : null;
    if (!place) return;
    const controller = new AbortController();
    fetch(tileCountsHref(place), { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => isTilesView(body) && setNear(body))
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled]);
  return near;
}

/**
 * The tiles in parents' words (Princesses, Superheroes, Santa and holidays...): each a link to
 * its search, with its own picture and how many performers it finds. Plain links: they work
 * before and without JavaScript.
 */
export function ParentTiles({ view, title, headingLevel = 2, eagerImages = 0 }: ParentTilesProps) {
  const shown = useNearTiles(!view.placeName) ?? view;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={headingLevel === 2 ? "mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" : "mb-3 text-lg font-semibold text-slate-900"}
      >
        {title}
      </Heading>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {shown.tiles.map((tile, i) => (
          <li key={tile.id}>
            <Link
              to={tile.href}
              className="group block h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-600 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <img
                src={tileImage(tile.id, 480)}
                srcSet={TILE_IMAGE_WIDTHS.map((w) => `${tileImage(tile.id, w)} ${w}w`).join(", ")}
                sizes="(min-width: 1280px) 296px, (min-width: 640px) 25vw, 50vw"
                width={TILE_IMAGE_SIZE.width}
                height={TILE_IMAGE_SIZE.height}
                alt=""
                loading={i < eagerImages ? "eager" : "lazy"}
                fetchPriority={i < eagerImages ? "high" : undefined}
                decoding="async"
                className="aspect-[3/2] h-auto w-full bg-slate-100 object-cover"
              />
              <span className="block px-3 py-2.5">
                <span className="block font-semibold text-slate-900 group-hover:text-brand-800 group-hover:underline">{tile.label}</span>
                <span className="block text-sm text-slate-700">{tile.countText}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
