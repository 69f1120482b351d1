import type { CSSProperties } from "react";
import type { DisplayImage } from "~/lib/profile-view";

/** Shown when a performer has not uploaded a picture yet. */
const PLACEHOLDER_IMAGE: DisplayImage = {
  src: "/images/placeholder-performer.webp",
  width: 640,
  height: 640,
  variants: [],
  blurDataUrl: null,
};

interface ResponsiveImageProps {
  image: DisplayImage | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once and ahead of other images. */
  priority?: boolean;
  /**
   * Paint the blurred preview behind the picture while it loads. Off where the picture is
   * letterboxed (object-contain): the blur would stay visible beside it as bands.
   */
  blurBehind?: boolean;
}

/**
 * A WebP picture with every stored rendition in `srcset` and its intrinsic size set, so the
 * browser reserves the space before it loads (no layout shift) and picks the smallest file that
 * is sharp enough. Falls back to the placeholder picture.
 */
export function ResponsiveImage({ image, alt, sizes, className, priority = false, blurBehind = true }: ResponsiveImageProps) {
  const picture = image ?? PLACEHOLDER_IMAGE;
  const srcSet =
    picture.variants.length > 0 ? picture.variants.map((v) => `${v.url} ${v.width}w`).join(", ") : undefined;
  const style: CSSProperties | undefined =
    blurBehind && picture.blurDataUrl
    ? { backgroundImage: `url(${picture.blurDataUrl})`, backgroundSize: "cover", backgroundPosition: "center" }
    : undefined;
  return (
    <img
      src={picture.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={picture.width || 640}
      height={picture.height || 640}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
      style={style}
    />
  );
}
