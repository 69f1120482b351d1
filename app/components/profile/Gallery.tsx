import { useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { cx } from "~/components/ui/cx";
import { ResponsiveImage } from "./ResponsiveImage";
import type { GalleryImage } from "~/lib/profile-view";

interface GalleryProps {
  images: GalleryImage[];
  name: string;
}

/**
 * The profile's pictures: one large image and, when there are several, a row of thumbnails.
 * Thumbnails are links to the full picture, so they still work before JavaScript loads; with it
 * they switch the large image, and the arrow keys move between them.
 */
export function Gallery({ images, name }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const current = images[Math.min(index, images.length - 1)] ?? null;
  const total = images.length;

  function select(event: MouseEvent<HTMLAnchorElement>, i: number) {
    event.preventDefault();
    setIndex(i);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (event.key !== "Home" && event.key !== "End" && step === 0) return;
    event.preventDefault();
    const next = event.key === "Home" ? 0 : event.key === "End" ? total - 1 : (index + step + total) % total;
    setIndex(next);
    listRef.current?.querySelectorAll<HTMLAnchorElement>("a")[next]?.focus();
  }

  return (
    <div>
      <div className="aspect-[4/5] overflow-hidden rounded-xl bg-slate-100">
        <ResponsiveImage
          key={current?.id ?? "placeholder"}
          image={current}
          alt={total > 1 ? `${name}, image ${index + 1} of ${total}` : name}
          sizes="(min-width: 1024px) 560px, 94vw"
          priority
          className="h-full w-full object-contain"
        />
      </div>
      {total > 1 ? (
        <>
          <p className="sr-only" aria-live="polite">
            Showing image {index + 1} of {total}
          </p>
          <ul ref={listRef} className="mt-3 grid grid-cols-4 gap-3" aria-label={`Pictures of ${name}`} onKeyDown={onKeyDown}>
            {images.map((image, i) => (
              <li key={image.id}>
                <a
                  href={image.src}
                  onClick={(event) => select(event, i)}
                  aria-label={`Show image ${i + 1} of ${total}`}
                  aria-current={i === index ? "true" : undefined}
                  className={cx(
                    "block aspect-square overflow-hidden rounded-lg border-2 bg-slate-100",
                    i === index ? "border-brand-700" : "border-transparent hover:border-slate-400",
                  )}
                >
                  <ResponsiveImage image={image} alt="" sizes="120px" className="h-full w-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
