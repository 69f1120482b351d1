import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { assertPublicKey, assertSafeKey, type Storage, type StoredObject } from "./storage.server";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

export function createLocalStorage(root: string, publicBaseUrl = "/media"): Storage {
  const absoluteRoot = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(absoluteRoot, assertSafeKey(key));
    if (!full.startsWith(absoluteRoot + path.sep)) throw new Error("Storage key escapes the media folder");
    return full;
  };
  return {
    driver: "local",
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fsp.writeFile(temp, body);
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async stream(key): Promise<StoredObject | null> {
      const file = resolve(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return {
          body: fs.createReadStream(file),
          contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
          size: stat.size,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fsp.rm(file, { force: true });
      // A process killed mid-write leaves its temporary file beside the key's; it goes with the key.
      const base = `${path.basename(file)}.`;
      const siblings = await fsp.readdir(path.dirname(file)).catch(() => [] as string[]);
      await Promise.all(
        siblings
          .filter((name) => name.startsWith(base) && name.endsWith(".tmp"))
          .map((name) => fsp.rm(path.join(path.dirname(file), name), { force: true })),
      );
    },
    publicUrl(key) {
      return `${publicBaseUrl}/${assertPublicKey(key)}`;
    },
  };
}
