import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { scriptsAfterLoad, startScriptsAfterLoad, WAITING_MODULE_TYPE } from "~/server/http/page-scripts.server";

// A page's scripts start once the page has loaded: the rewrite of React Router's HTML as it streams.

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Performers in California</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/framework-2.js" nonce="abc"/>' +
  "</head>";
const BODY =
  "<body><main><h1>Performers in California</h1><p>Café &amp; more</p></main>" +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-1.js");</script>' +
  "</body></html>";

/** Streams the page through the rewrite in pieces of `size` bytes, as React's chunks may cut anywhere. */
async function rewrite(html: string, size: number, nonce: string | null = "abc"): Promise<string> {
  const bytes = Buffer.from(html);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(scriptsAfterLoad(nonce ?? undefined))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("scripts after load", () => {
  it.each([1, 7, 64, 100_000])("moves the preloads into a start-up script and holds the module script back (chunks of %i bytes)", async (size) => {
    const html = await rewrite(HEAD + BODY, size);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(`<script nonce="abc">${startScriptsAfterLoad(["/assets/entry.client-1.js", "/assets/framework-2.js"])}</script></head>`);
    expect(html).toContain(`<script nonce="abc" type="${WAITING_MODULE_TYPE}" async="">import * as route0`);
    expect(html).not.toContain(' type="module" async');
    // The page itself is untouched, multi-byte characters included.
    expect(html).toContain("<main><h1>Performers in California</h1><p>Café &amp; more</p></main>");
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("leaves a page without preloads as it is", async () => {
    const page = '<!DOCTYPE html><html><head><title>Plain</title></head><body><p>No scripts</p><script type="module" async="">x</script></body></html>';
    expect(await rewrite(page, 5)).toBe(page);
  });

  it("writes the start-up script without a nonce when the response has none", async () => {
    const html = await rewrite(HEAD + BODY, 50, null);
    expect(html).toContain(`<script>${startScriptsAfterLoad(["/assets/entry.client-1.js", "/assets/framework-2.js"])}</script></head>`);
  });

  it("keeps a module address that could end the script out of it", () => {
    expect(startScriptsAfterLoad(["/assets/</script><b>.js"])).not.toContain("</script>");
  });
});
