import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { AppConfig } from "../platform/config.server";

// The VAPID key pair that signs every push (RFC 8292). Browsers bind a subscription to the public
// key they were given, so the pair must outlive restarts and be the same in every process: from
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise made once and kept in the data folder,
// readable by this user only, like the demo's auth secret. Several machines need the variables.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the pair came from: the environment, or the data folder (made on first use). */
  source: "environment" | "data-folder";
}

const KEY_FILE = ".vapid-keys.json";

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  const pair = value as { publicKey?: unknown; privateKey?: unknown } | null;
  return (
    typeof pair?.publicKey === "string" &&
    typeof pair.privateKey === "string" &&
    Buffer.from(pair.publicKey, "base64url").length === 65 &&
    Buffer.from(pair.privateKey, "base64url").length === 32
  );
}

function readKept(file: string): { publicKey: string; privateKey: string } | null {
  try {
    const kept: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    return isKeyPair(kept) ? { publicKey: kept.publicKey, privateKey: kept.privateKey } : null;
  } catch {
    return null;
  }
}

/**
 * The pair in use. Making it writes a private temporary file and links it into place, which fails
 * when another process got there first: then that process's pair is the one read and used.
 */
export function vapidKeys(config: Pick<AppConfig, "push" | "dataDir">): VapidKeys {
  const { subject } = config.push;
  if (config.push.keys) return { ...config.push.keys, subject, source: "environment" };
  const file = path.join(config.dataDir, KEY_FILE);
  const kept = readKept(file);
  if (kept) return { ...kept, subject, source: "data-folder" };
  fs.mkdirSync(config.dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(temporary, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const stored = readKept(file);
  if (!stored) throw new Error(`${file} does not hold a VAPID key pair: remove it, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  return { ...stored, subject, source: "data-folder" };
}
