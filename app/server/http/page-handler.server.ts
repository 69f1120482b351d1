import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppServices } from "../platform/services.server";
import { bufferedBody } from "./body-limit.server";
import { ACCOUNT_PAGES } from "./cache-headers.server";
import { sendCachedPage, type CachedPage, type PageCache } from "./page-cache.server";
import { isDatabaseUnavailable, outageResponse } from "./outage.server";
import { cspNonce } from "./security.server";

// React Router behind Express. Our own adapter rather than @react-router/express's because the
// request body may already have been read (and bounded) by limitBody, the render needs the
// response's CSP nonce, and a page that failed on an unreachable database becomes a 503.

const NO_STORE = "private, no-store";

function webRequest(req: ExpressRequest, res: ExpressResponse, fallbackOrigin: string): Request {
  const base = `${req.protocol}://${req.host}`;
  const url = URL.canParse(req.originalUrl, base) ? new URL(req.originalUrl, base) : new URL(req.originalUrl, fallbackOrigin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  // A visitor who goes away before the answer stops the loaders' work.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = bufferedBody(res);
    if (body) {
      init.body = new Uint8Array(body);
    } else {
      // Only the paths that bound their own bodies (the image upload) stream from the socket.
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

async function send(res: ExpressResponse, response: Response, cacheControl: string | undefined): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  // Iterating Headers yields each Set-Cookie on its own, which append keeps apart.
  for (const [name, value] of response.headers) res.append(name, value);
  if (cacheControl) res.setHeader("Cache-Control", cacheControl);
  if (!response.body) {
    res.end();
    return;
  }
  if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // A page is whole once React's shell is ready (no route defers data to stream later), so it
    // goes out in one write: React's few-kilobyte chunks, each passed through the stream layers
    // and compressed on its own, cost more than the page's rendering gains by streaming them.
    const body = Buffer.from(await response.arrayBuffer());
    if (!res.destroyed && !res.writableEnded) res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/**
 * The Cache-Control to send instead of the route's: account pages are never stored, and any other
 * answer to a visitor with cookies is private unless its route chose a policy.
 */
function privacyOverride(req: ExpressRequest, response: Response): string | undefined {
  if (ACCOUNT_PAGES.test(req.path)) return NO_STORE;
  if (!response.headers.has("Cache-Control") && req.headers.cookie) return NO_STORE;
  return undefined;
}

/** How often an outage is logged at most: every visitor's 503 would flood the log. */
const OUTAGE_LOG_EVERY_MS = 10_000;

/** Logs the first 503 of an outage at once, then one line per interval with how many followed. */
function outageLogger(logger: AppServices["logger"]) {
  let lastAt = 0;
  let since = 0;
  return {
    note(req: ExpressRequest) {
      since++;
      const now = Date.now();
      if (now - lastAt < OUTAGE_LOG_EVERY_MS) return;
      logger.warn({ method: req.method, url: req.originalUrl, answered503: since }, "database unreachable: answered 503");
      lastAt = now;
      since = 0;
    },
  };
}

export function pageHandler(
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "production" | "development",
  cache: PageCache,
): RequestHandler {
  const handle = createRequestHandler(build, mode);
  const fallbackOrigin = services.config.publicUrl;
  const outageLog = outageLogger(services.logger);
  return async (req, res, next) => {
    const key = cache.keyOf(req);
    let render: { done(page: CachedPage | null): void } | null = null;
    try {
      if (key) {
        let kept = cache.get(key);
        const pending = kept ? null : cache.pending(key);
        if (pending) kept = await pending;
        if (kept) {
          services.metrics.pageCache("hit");
          sendCachedPage(req, res, kept, cspNonce(res));
          return;
        }
        if (!cache.isUncacheable(key)) render = cache.begin(key);
        if (!render) services.metrics.pageCache("bypass");
      }
      const request = webRequest(req, res, fallbackOrigin);
      let databaseDown = false;
      let pagesChanged = false;
      const context: AppLoadContext = {
        ...services,
        // Express's view of the visitor, honouring TRUST_PROXY's hops; it feeds the per-IP limits.
        clientIp: req.ip ?? req.socket.remoteAddress ?? undefined,
        cspNonce: cspNonce(res),
        noteError: (error) => {
          if (isDatabaseUnavailable(error)) databaseDown = true;
          return { expected: databaseDown };
        },
        pagesChanged: () => {
          pagesChanged = true;
        },
      };
      let response = await handle(request, context);
      // Before the answer leaves, so the page its redirect leads to is rendered afresh.
      if (pagesChanged) cache.clear();
      if (databaseDown) {
        outageLog.note(req);
        await response.body?.cancel();
        response = outageResponse(req.path);
      }
      if (render) {
        const { page, body } = await cache.capture(response, context.cspNonce ?? "");
        render.done(page);
        render = null;
        services.metrics.pageCache(page ? "miss" : "bypass");
        if (body) {
          response = new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers: response.headers });
        }
      }
      await send(res, response, privacyOverride(req, response));
    } catch (error) {
      render?.done(null);
      next(error);
    }
  };
}
