import { Transform } from "node:stream";
import { RECORD_EARLY_CLICKS } from "~/lib/early-input";

// A rendered page's scripts wait for the page itself. React Router writes a module preload into
// <head> for every module the page needs, and a module script at the end of <body> that imports
// them and hydrates. Browsers fetch module preloads at high priority, beside the document and the
// first pictures; on a phone's connection that JavaScript (100 KB and more) takes the bandwidth the
// main picture needs, and its evaluation holds up the first paint. The page is complete without it
// (rendered on the server, links and forms work), so this rewrite makes the scripts start once the
// page has loaded (its stylesheet, the pictures it shows first): the preloads and the module script
// are written inert, and a small script in <head> puts them to work after `load` and the first
// paint. What a visitor without JavaScript gets is unchanged. (Lighthouse's simulated phone counts
// every script that arrived before the largest paint into that paint's time: with the preloads in
// <head>, 1 to 1.5 s of it.)

/** Never executed: an unknown script type is a data block. */
export const WAITING_MODULE_TYPE = "costumecast/module-after-load";

const HEAD_END = Buffer.from("</head>");
/** React Router's module script (its only `type="module"` element, written `async=""`). */
const MODULE_SCRIPT = Buffer.from(' type="module" async=""');
const WAITING_MODULE_SCRIPT = Buffer.from(` type="${WAITING_MODULE_TYPE}" async=""`);
/** One module preload as React writes it: rel first, then href. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

function escapeForScript(json: string): string {
  return json.replace(/</g, "\\u003c");
}

/**
 * The script that starts the page's JavaScript once the page has loaded and been painted (`load`
 * can come before the first paint of a page without pictures): the preloads first, so the modules
 * download side by side rather than one import after another, then the module script, recreated so
 * it runs (a script element whose type changes is never run). Nothing else is loading by then, so
 * the preloads ask for low priority: they take no bandwidth from anything the page still shows. The
 * paint is read from the browser's paint timing (not from timers or animation frames, which a tab
 * in the background, or a test's frozen clock, holds back); a browser without it starts at `load`,
 * and a tab that paints nothing for a second starts anyway. A visitor who taps or types before then
 * starts them at once: the page is about to be used, not just read. Until hydration begins it also
 * remembers the last button tapped that needs JavaScript, to be tapped again once the page is
 * hydrated (early-input.ts).
 */
export function startScriptsAfterLoad(preloads: string[]): string {
  return `(()=>{${RECORD_EARLY_CLICKS}let started=false;const go=()=>{if(started)return;started=true;for(const href of ${escapeForScript(JSON.stringify(preloads))}){const link=document.createElement("link");link.rel="modulepreload";link.fetchPriority="low";link.href=href;document.head.append(link)}const waiting=document.querySelector('script[type="${WAITING_MODULE_TYPE}"]');if(!waiting)return;const script=document.createElement("script");script.type="module";script.nonce=waiting.nonce;script.textContent=waiting.textContent;waiting.replaceWith(script)};const afterPaint=()=>{if(!PerformanceObserver.supportedEntryTypes?.includes("paint")||performance.getEntriesByType("paint").length>0)return go();new PerformanceObserver((_,observer)=>{observer.disconnect();go()}).observe({type:"paint",buffered:true});setTimeout(go,1000)};for(const type of ["pointerdown","keydown"])addEventListener(type,go,{once:true,capture:true,passive:true});document.readyState==="complete"?afterPaint():addEventListener("load",afterPaint,{once:true})})();`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/**
 * The HTML as it streams from React, with the scripts made to wait for the page's `load` (see the
 * top of this file). Only the head is held back until it is complete, and a few bytes at a time
 * after it while looking for the module script; everything else passes as it comes.
 */
export function scriptsAfterLoad(nonce: string | undefined): Transform {
  let held: Buffer = Buffer.alloc(0);
  let stage: "head" | "body" | "done" = "head";
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (stage === "done") return callback(null, chunk);
      held = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      let out: Buffer[] = [];
      if (stage === "head") {
        const end = held.indexOf(HEAD_END);
        if (end === -1) return callback();
        const preloads: string[] = [];
        const head = held
          .subarray(0, end)
          .toString("utf8")
          .replace(MODULE_PRELOAD, (_tag, href: string) => {
            preloads.push(href.replace(/&amp;/g, "&"));
            return "";
          });
        const starter = preloads.length > 0 ? `<script${nonceAttribute}>${startScriptsAfterLoad(preloads)}</script>` : "";
        out.push(Buffer.from(head + starter));
        held = held.subarray(end);
        stage = preloads.length > 0 ? "body" : "done";
        if (stage === "done") {
          out.push(held);
          held = Buffer.alloc(0);
          return callback(null, Buffer.concat(out));
        }
      }
      const at = held.indexOf(MODULE_SCRIPT);
      if (at !== -1) {
        out.push(held.subarray(0, at), WAITING_MODULE_SCRIPT, held.subarray(at + MODULE_SCRIPT.length));
        held = Buffer.alloc(0);
        stage = "done";
      } else {
        // Keep back what could be the start of the attribute split across two chunks.
        const keep = Math.min(held.length, MODULE_SCRIPT.length - 1);
        out.push(held.subarray(0, held.length - keep));
        held = held.subarray(held.length - keep);
      }
      const ready = Buffer.concat(out);
      out = [];
      callback(null, ready.length > 0 ? ready : undefined);
    },
    flush(callback) {
      callback(null, held.length > 0 ? held : undefined);
    },
  });
}
