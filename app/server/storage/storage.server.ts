import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  size: number | undefined;
}

/**
 * Keys under this prefix are private (trust documents): the media route never serves them, no
 * public address is ever made for them, and S3 stores them as never cached. An S3 bucket's public
 * read policy must leave the prefix out (docs/architecture.md).
 */
export const PRIVATE_KEY_PREFIX = "private/";

export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_KEY_PREFIX);
}

export interface PutOptions {
  /** A private key's bytes: never cached by a browser or a CDN. */
  private?: boolean;
}

/** Where uploaded files live. Keys look like `{userId}/{random}.webp`; drivers never trust them blindly. */
export interface Storage {
  readonly driver: "local" | "s3";
  put(key: string, body: Buffer, contentType: string, options?: PutOptions): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  stream(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the object from (the `/media/...` path or a CDN/S3 URL); throws for a private key. */
  publicUrl(key: string): string;
}

/** Rejects keys that could escape the storage root or that no upload would produce. */
export function assertSafeKey(key: string): string {
  if (
    typeof key !== "string" ||
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith("/") ||
    key.includes("\\") ||
    key.includes("\0") ||
    key.split("/").some((part) => part === "" || part === "." || part === "..") ||
    !/^[A-Za-z0-9._\-/]+$/.test(key)
  ) {
    throw new InvalidStorageKeyError(key);
  }
  return key;
}

/** A public address for a private key is a bug: the caller must serve it through a checked route. */
export function assertPublicKey(key: string): string {
  if (isPrivateKey(key)) throw new InvalidStorageKeyError(key);
  return assertSafeKey(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = "InvalidStorageKeyError";
  }
}
