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
// The frame is 4:5. A picture near that shape (a phone's portrait photo, a square) fills it, cropped
// a little towards the top where faces are; a much wider or taller one is shown whole on a plain
// background rather than cut in half.
const FRAME_RATIO = 4 / 5;
function fillsFrame(image: GalleryImage | null): boolean {
  if (!image || !image.width || !image.height) return true;
  const ratio = image.width / image.height;
  return ratio >= FRAME_RATIO * 0.75 && ratio <= FRAME_RATIO * 1.4;
}

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
      <div className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:aspect-[4/5]">
        <ResponsiveImage
          key={current?.id ?? "placeholder"}
          image={current}
          alt={total > 1 ? `${name}, image ${index + 1} of ${total}` : name}
          sizes="(min-width: 1024px) 560px, 94vw"
          priority
          blurBehind={fillsFrame(current)}
          className={cx("h-full w-full", fillsFrame(current) ? "object-cover object-[50%_30%]" : "object-contain")}
        />
      </div>
      {total > 1 ? (
        <>
          <p className="sr-only" aria-live="polite">
            Showing image {index + 1} of {total}
          </p>
          <ul ref={listRef} className="mt-2 flex gap-2 sm:mt-3 sm:grid sm:grid-cols-4 sm:gap-3" aria-label={`Pictures of ${name}`} onKeyDown={onKeyDown}>
            {images.map((image, i) => (
              <li key={image.id} className="w-14 sm:w-auto">
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
