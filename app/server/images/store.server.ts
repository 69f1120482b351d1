import { randomBytes } from "node:crypto";
import type { ImageVariant } from "../db/schema";
import type { Storage } from "../storage/storage.server";
import type { ProcessedImage } from "./process.server";

export interface StoredImage {
  /** `{profileId}/{random}`: the prefix every rendition's key starts with. */
  storageKey: string;
  /** Public URL of the largest rendition. */
  imageUrl: string;
  variants: ImageVariant[];
  width: number;
  height: number;
  blurDataUrl: string;
}

/** Writes every rendition under a fresh unguessable key; on failure removes what was written. */
export async function storeRenditions(storage: Storage, profileId: string, processed: ProcessedImage): Promise<StoredImage> {
  const storageKey = `${profileId}/${randomBytes(12).toString("hex")}`;
  const variants: ImageVariant[] = processed.renditions.map((rendition) => {
    const key = `${storageKey}-${rendition.width}.webp`;
    return { width: rendition.width, height: rendition.height, key, url: storage.publicUrl(key) };
  });
  const results = await Promise.allSettled(
    processed.renditions.map((rendition, i) => storage.put(variants[i].key, rendition.data, "image/webp")),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await deleteStoredImage(storage, variants);
    throw failed.reason;
  }
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  return {
    storageKey,
    imageUrl: largest.url,
    variants,
    width: processed.width,
    height: processed.height,
    blurDataUrl: processed.blurDataUrl,
  };
}

/** Best effort: a file left behind is harmless, a thrown error here would hide the real outcome. */
export async function deleteStoredImage(storage: Storage, variants: readonly ImageVariant[]): Promise<void> {
  await Promise.allSettled(variants.map((variant) => storage.delete(variant.key)));
}
