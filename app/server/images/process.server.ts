import sharp, { type Metadata, type OutputInfo, type SharpOptions } from "sharp";
import { IMAGE_TYPE_MESSAGE } from "~/lib/images";
import { withDecodeSlot } from "./decode-slots.server";

export type ImageType = "jpeg" | "png" | "webp";

export interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** Dimensions of the largest rendition (upright). */
  width: number;
  height: number;
  /** A few-hundred-byte WebP data URL shown blurred while the real image loads. */
  blurDataUrl: string;
  /** WebP renditions, smallest first. */
  renditions: Rendition[];
}

/** The upload was refused; `message` is safe to show to the person who sent it. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

const UNSUPPORTED_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;
export const UNREADABLE_IMAGE_MESSAGE = "This image could not be read. Please upload a different file";
export const TOO_MANY_PIXELS_MESSAGE = "This image is too large. Please upload an image under 40 megapixels";

/** 40 MP: above any phone camera, far below what would exhaust memory when decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const RENDITION_WIDTHS = [320, 640, 1280] as const;
const WEBP_QUALITY = 80;
const BLUR_WIDTH = 16;

// One image's work is already parallel inside libvips; the process shares 2 cores with
// concurrent uploads, and the cache only helps repeated operations on the same input.
sharp.cache(false);

/** Decides the type from the file's first bytes; the name and the browser's claim are never trusted. */
export function detectImageType(head: Buffer): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (
    head.length >= 8 &&
    head[0] === 0x89 &&
    head[1] === 0x50 &&
    head[2] === 0x4e &&
    head[3] === 0x47 &&
    head[4] === 0x0d &&
    head[5] === 0x0a &&
    head[6] === 0x1a &&
    head[7] === 0x0a
  ) {
    return "png";
  }
  if (
    head.length >= 12 &&
    head.toString("latin1", 0, 4) === "RIFF" &&
    head.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

const FORMAT_OF: Record<ImageType, string> = { jpeg: "jpeg", png: "png", webp: "webp" };

/**
 * Turns untrusted upload bytes into upright, metadata-free WebP renditions.
 * Output never carries EXIF (GPS!), XMP, IPTC or ICC data: sharp writes none unless asked to.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = detectImageType(input.subarray(0, 16));
  if (!type) throw new ImageRejectedError(UNSUPPORTED_TYPE_MESSAGE);
  return withDecodeSlot(() => decodeAndEncode(input, type));
}

async function decodeAndEncode(input: Buffer, type: ImageType): Promise<ProcessedImage> {
  const inputOptions: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    // Truncated or corrupt pixel data is refused; harmless warnings from odd encoders are not.
    failOn: "truncated",
    // Animated WebP/PNG: the first frame only.
    pages: 1,
  };

  let metadata: Metadata;
  try {
    // Reads the header only, so the pixel limit is checked below with a clearer outcome.
    metadata = await sharp(input, { ...inputOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE);
  }
  // The header alone tells us the size; refuse a bomb before a single pixel is decoded.
  if (!metadata.width || !metadata.height) throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError(TOO_MANY_PIXELS_MESSAGE);
  if (metadata.format !== FORMAT_OF[type]) throw new ImageRejectedError(UNSUPPORTED_TYPE_MESSAGE);

  const largestWidth = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decode once, upright and shrunk to the largest rendition (JPEG shrink-on-load makes
    // this much cheaper than a full decode); the smaller widths are cut from these pixels.
    base = await sharp(input, inputOptions)
      .autoOrient()
      .resize({ width: largestWidth, withoutEnlargement: true, fastShrinkOnLoad: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError(TOO_MANY_PIXELS_MESSAGE);
    }
    throw new ImageRejectedError(UNREADABLE_IMAGE_MESSAGE);
  }

  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const fromBase = () => sharp(base.data, { raw });

  const targetWidths = [...new Set(RENDITION_WIDTHS.map((w) => Math.min(w, raw.width)))].sort((a, b) => a - b);
  const renditions = await Promise.all(
    targetWidths.map(async (width) => {
      const pipeline = width === raw.width ? fromBase() : fromBase().resize({ width });
      const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );

  const blur = await fromBase()
    .resize({ width: Math.min(BLUR_WIDTH, raw.width) })
    .webp({ quality: 40 })
    .toBuffer();

  const largest = renditions[renditions.length - 1];
  return {
    width: largest.width,
    height: largest.height,
    blurDataUrl: `data:image/webp;base64,${blur.toString("base64")}`,
    renditions,
  };
}
