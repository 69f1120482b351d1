import { createCookieSessionStorage, redirect } from "react-router";

export type FlashType = "success" | "error" | "info";
export interface Flash {
  type: FlashType;
  message: string;
  /**
   * A button in the toast (an admin's Undo) that posts `fields` to the page it shows on, offered for
   * `seconds`. The root leaves such a toast to that page, which raises it (admin.tsx).
   */
  action?: { label: string; seconds: number; fields: Record<string, string> };
}

type FlashStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Flash }>>;
const storages = new Map<string, FlashStorage>();

function storageFor(secret: string, secure: boolean) {
  const cacheKey = `${secure}:${secret}`;
  let storage = storages.get(cacheKey);
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, { toast: Flash }>({
      cookie: { name: "cc_flash", httpOnly: true, sameSite: "lax", path: "/", secrets: [secret], secure },
    });
    storages.set(cacheKey, storage);
  }
  return storage;
}

interface FlashContext {
  config: { authSecret: string; publicUrl: string };
}

/** Headers that make the next page show a toast. */
async function flashHeaders(ctx: FlashContext, request: Request, flash: Flash): Promise<Headers> {
  const storage = storageFor(ctx.config.authSecret, ctx.config.publicUrl.startsWith("https://"));
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("toast", flash);
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/**
 * A redirect that makes the next page show a toast: what an action (or a loader turning a visitor
 * away) answers after its work is done. `headers` (session cookies, `Connection: close`) ride along.
 */
export async function redirectWithFlash(
  ctx: FlashContext,
  request: Request,
  url: string,
  flash: Flash,
  headers?: HeadersInit,
): Promise<Response> {
  const combined = await flashHeaders(ctx, request, flash);
  if (headers) for (const [name, value] of new Headers(headers)) combined.append(name, value);
  return redirect(url, { headers: combined });
}

/** Reads and consumes the pending toast, if any. */
export async function readFlash(
  ctx: FlashContext,
  request: Request,
): Promise<{ flash: Flash | null; headers: Headers | undefined }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("cc_flash=")) return { flash: null, headers: undefined };
  const storage = storageFor(ctx.config.authSecret, ctx.config.publicUrl.startsWith("https://"));
  const session = await storage.getSession(cookie);
  const flash = session.get("toast") ?? null;
  return { flash, headers: new Headers({ "Set-Cookie": await storage.commitSession(session) }) };
}
