import { MAX_IMAGE_BYTES } from "~/lib/images";

// A phone's camera writes 4 to 12 MB pictures of 4000 x 3000 pixels and more; the listing shows
// them at most 1600 pixels wide. Scaling them down in the browser before they are sent turns a
// refusal ("5MB or smaller") into an upload that just works, and a quicker one on mobile data.

/** The long side a shrunk photo keeps: plenty for the gallery's largest size and a sharp zoom. */
export const SHRINK_LONG_SIDE = 2560;
/** Under this a file is sent as it is: decoding and re-encoding would cost more than it saves. */
const SHRINK_ABOVE_BYTES = 3 * 1024 * 1024;
const QUALITIES = [0.86, 0.76, 0.66] as const;

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]+$/, "") || "photo";
  return `${base}.${type === "image/webp" ? "webp" : "jpg"}`;
}

/**
 * Returns the file to upload: the original when it is small enough, otherwise a copy at most
 * SHRINK_LONG_SIDE pixels on its long side, as JPEG (or WebP when the original may hold
 * transparency), turned upright by its EXIF orientation since the new file carries no EXIF.
 * Anything the browser cannot decode is returned unchanged, for the server to judge.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    // A small picture in a large file (little compression): re-encoding alone fixes it.
    const scale = Math.min(1, SHRINK_LONG_SIDE / longSide);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return file;
    const mayBeTransparent = file.type === "image/png" || file.type === "image/webp";
    let type = mayBeTransparent ? "image/webp" : "image/jpeg";
    if (!mayBeTransparent) {
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
    }
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    for (const quality of QUALITIES) {
      let blob = await encode(canvas, type, quality);
      // Browsers without a WebP encoder answer PNG, which would not shrink a photo: use JPEG.
      if (blob && blob.type !== type) {
        type = "image/jpeg";
        blob = await encode(canvas, type, quality);
      }
      if (!blob) return file;
      if (blob.size <= MAX_IMAGE_BYTES) {
        return blob.size < file.size ? new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }) : file;
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
