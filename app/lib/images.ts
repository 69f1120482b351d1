import { z } from "zod";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PROFILE } from "./constants";

// Texts quoted by the spec, word for word.
export const IMAGE_MESSAGES = {
  loadFailed: "Failed to load images",
  limit: "You can only upload up to 4 images",
  uploadFailed: "Failed to upload images",
  uploaded: "Images uploaded successfully",
  deleteFailed: "Failed to delete image",
  deleted: "Image deleted successfully",
  reorderFailed: "Failed to reorder images",
} as const;

// Our own wording for the spec's type and size rules.
export const IMAGE_TOO_BIG_MESSAGE = "Each image must be 5MB or smaller";
export const IMAGE_TYPE_MESSAGE = "Please upload a JPEG, PNG or WEBP image";
export const IMAGE_NO_FILE_MESSAGE = "Please choose an image to upload";

const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
const ACCEPTED_IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"] as const;
/** For `<input accept>`: both MIME types and extensions, since some systems report neither reliably. */
export const IMAGE_ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(",");

export { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PROFILE };

/** Where the page's uploads go (a resource route), and the form field carrying the files. */
export const IMAGE_UPLOAD_URL = "/dashboard/manage-images/upload";
export const IMAGE_UPLOAD_FIELD = "images";

/**
 * The browser's quick check before spending bandwidth; the server decides from the bytes.
 * Returns the problem, or null when the file may be sent.
 */
export function precheckImageFile(file: { name: string; size: number; type: string }): string | null {
  const lower = file.name.toLowerCase();
  const typeOk =
    (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) ||
    (file.type === "" && ACCEPTED_IMAGE_EXTENSIONS.some((ext) => lower.endsWith(ext)));
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_BIG_MESSAGE;
  return null;
}

const imageId = z.uuid();

/** The manage-images page's form posts: delete, move one step, or a full new order (drag and drop). */
export const imageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), imageId }),
  z.object({ intent: z.literal("move"), imageId, direction: z.enum(["up", "down"]) }),
  z.object({
    intent: z.literal("reorder"),
    order: z
      .string()
      .transform((value) => value.split(",").filter(Boolean))
      .pipe(z.array(imageId).min(1).max(MAX_IMAGES_PER_PROFILE)),
  }),
]);

export type ImageAction = z.infer<typeof imageActionSchema>;

/** The JSON the upload endpoint answers a script with. */
export type UploadResponse = { ok: true; uploaded: number } | { ok: false; error: string };
