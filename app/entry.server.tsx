import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
  ServerRouter,
} from "react-router";
import { CspNonce } from "~/lib/csp-nonce";
import { scriptsAfterLoad } from "~/server/http/page-scripts.server";

// How a page is rendered on the server. React Router's default, plus the response's CSP nonce on
// every inline script React and React Router write, scripts that start once the page has loaded
// and painted (page-scripts.server.ts), and a note when a loader or action met an unreachable
// database (the HTTP layer then answers 503 instead of the error page).

/** How long deferred data may keep a streamed page open. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellSent = false;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellSent = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timer);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          if (import.meta.env.DEV) {
            pipe(body);
          } else {
            const html = scriptsAfterLoad(nonce);
            html.pipe(body);
            pipe(html);
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and reach the HTTP layer's error handler; these do not.
          if (shellSent) loadContext.logger.error({ err: error, path: new URL(request.url).pathname }, "page render failed");
        },
      },
    );
    // Give up on deferred data a moment after its own timeout, so the rejected parts can stream.
    // React starts rendering on a later tick, so the callbacks above never run before this line.
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Every error a loader or action throws (thrown responses excepted) passes here, and goes to the
 * logger: printed as it is, a failed query's message carries its parameters (what visitors typed),
 * which the logger's serializer takes out (logger.server.ts).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const expected = context.noteError?.(error).expected ?? false;
  if (expected || request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  context.logger.error({ err: error, method: request.method, path: pathname }, "page loader or action failed");
}
