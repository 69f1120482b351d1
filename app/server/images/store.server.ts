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

/** Chooses a fresh unguessable key for every rendition, without writing anything yet. */
export function planRenditions(storage: Storage, profileId: string, processed: ProcessedImage): StoredImage {
  const storageKey = `${profileId}/${randomBytes(12).toString("hex")}`;
  const variants: ImageVariant[] = processed.renditions.map((rendition) => {
    const key = `${storageKey}-${rendition.width}.webp`;
    return { width: rendition.width, height: rendition.height, key, url: storage.publicUrl(key) };
  });
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

/** Writes the planned renditions; throws the first failure once every write has settled. */
export async function writeRenditions(storage: Storage, planned: StoredImage, processed: ProcessedImage): Promise<void> {
  const results = await Promise.allSettled(
    processed.renditions.map((rendition, i) => storage.put(planned.variants[i].key, rendition.data, "image/webp")),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Writes every rendition under a fresh key; on failure removes what was written. For seeding and
 * benchmarks: uploads go through addProfileImage, which also records the keys in case the process dies.
 */
export async function storeRenditions(storage: Storage, profileId: string, processed: ProcessedImage): Promise<StoredImage> {
  const planned = planRenditions(storage, profileId, processed);
  try {
    await writeRenditions(storage, planned, processed);
  } catch (error) {
    await deleteStoredImage(storage, planned.variants);
    throw error;
  }
  return planned;
}

/** Best effort: a file left behind is harmless, a thrown error here would hide the real outcome. */
export async function deleteStoredImage(storage: Storage, variants: readonly ImageVariant[]): Promise<void> {
  await Promise.allSettled(variants.map((variant) => storage.delete(variant.key)));
}
