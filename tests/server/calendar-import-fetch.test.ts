import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CalendarFetchError, fetchCalendarText, isAllowedAddress } from "~/server/calendar-import/safe-fetch.server";

// The fetcher reads addresses anyone may paste. These requests go to a real HTTP server on
// loopback, reached only because the tests pass the loopback allowance; by default the same
// server is refused.

const CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n";
let server: http.Server;
let base: string;
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/calendar.ics":
        response.writeHead(200, { "content-type": "text/calendar" }).end(CALENDAR);
        return;
      case "/big-declared":
        response.writeHead(200, { "content-type": "text/calendar", "content-length": String(1024 * 1024 + 1) });
        response.end("BEGIN:VCALENDAR\r\n".padEnd(1024 * 1024 + 1, "X"));
        return;
      case "/big-streamed": {
        // No length given: the fetcher has to count and stop by itself.
        response.writeHead(200, { "content-type": "text/calendar" });
        const line = "BEGIN:VCALENDAR\r\n" + "X-FILLER:".padEnd(64 * 1024, "x") + "\r\n";
        for (let i = 0; i < 20; i++) response.write(line);
        response.end("END:VCALENDAR\r\n");
        return;
      }
      case "/slow":
        // Answers nothing until the test ends.
        open.add(response);
        return;
      case "/html":
        response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in</title>");
        return;
      case "/missing":
        response.writeHead(404).end("not found");
        return;
      case "/hop": {
        const left = Number(url.searchParams.get("left") ?? "0");
        response.writeHead(302, { location: left > 0 ? `/hop?left=${left - 1}` : "/calendar.ics" }).end();
        return;
      }
      case "/to-private":
        response.writeHead(302, { location: "http://10.1.2.3/calendar.ics" }).end();
        return;
      case "/to-metadata":
        response.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/to-file":
        response.writeHead(302, { location: "file:///etc/passwd" }).end();
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(url: string, options: Parameters<typeof fetchCalendarText>[1] = { allowLoopback: true }) {
  try {
    await fetchCalendarText(url, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CalendarFetchError);
    return { reason: (error as CalendarFetchError).reason, status: (error as CalendarFetchError).status };
  }
  throw new Error(`${url} was read`);
}

describe("reading a calendar address safely", () => {
  it("reads an iCalendar file, following up to 3 redirects, with the loopback allowance", async () => {
    await expect(fetchCalendarText(`${base}/calendar.ics`, { allowLoopback: true })).resolves.toBe(CALENDAR);
    await expect(fetchCalendarText(`${base}/hop?left=2`, { allowLoopback: true })).resolves.toBe(CALENDAR);
  });

  it("refuses loopback, private, link-local and unique-local addresses by default", async () => {
    expect(await refusal(`${base}/calendar.ics`, {})).toEqual({ reason: "private-address" });
    const port = new URL(base).port;
    expect(await refusal(`http://localhost:${port}/calendar.ics`, {})).toEqual({ reason: "private-address" });
    expect(await refusal(`http://[::1]:${port}/calendar.ics`, {})).toEqual({ reason: "private-address" });
    expect(await refusal("http://10.0.0.7/calendar.ics", {})).toEqual({ reason: "private-address" });
    expect(await refusal("http://169.254.169.254/latest/meta-data/", {})).toEqual({ reason: "private-address" });
    expect(await refusal("http://[fd12:3456::1]/cal.ics", {})).toEqual({ reason: "private-address" });
    expect(await refusal("http://[::ffff:192.168.1.1]/cal.ics", {})).toEqual({ reason: "private-address" });
    expect(await refusal("http://0.0.0.0/cal.ics", {})).toEqual({ reason: "private-address" });
  });

  it("lets the loopback allowance through loopback only", () => {
    for (const address of ["10.0.0.1", "172.16.5.4", "192.168.0.10", "100.64.0.1", "169.254.169.254", "224.0.0.1", "0.0.0.0", "fe80::1", "fc00::1", "ff02::1", "::"]) {
      expect(isAllowedAddress(address, true), address).toBe(false);
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    expect(isAllowedAddress("127.0.0.1", true)).toBe(true);
    expect(isAllowedAddress("::1", true)).toBe(true);
    expect(isAllowedAddress("127.0.0.1", false)).toBe(false);
    expect(isAllowedAddress("93.184.215.14", false)).toBe(true);
    expect(isAllowedAddress("2606:4700::1111", false)).toBe(true);
  });

  it("refuses a redirect into a private network or to another scheme, and a fourth redirect", async () => {
    expect(await refusal(`${base}/to-private`)).toEqual({ reason: "private-address" });
    expect(await refusal(`${base}/to-metadata`)).toEqual({ reason: "private-address" });
    expect(await refusal(`${base}/to-file`)).toEqual({ reason: "scheme" });
    expect(await refusal(`${base}/hop?left=3`)).toEqual({ reason: "too-many-redirects" });
  });

  it("refuses addresses that are not http or https", async () => {
    for (const url of ["ftp://example.com/cal.ics", "file:///etc/passwd", "javascript:alert(1)", "gopher://example.com/", "not an address"]) {
      expect(await refusal(url, {}), url).toEqual({ reason: "scheme" });
    }
  });

  it("refuses more than 1 MB, declared or streamed", async () => {
    expect(await refusal(`${base}/big-declared`)).toEqual({ reason: "too-big" });
    expect(await refusal(`${base}/big-streamed`)).toEqual({ reason: "too-big" });
  });

  it("gives up on an address that does not answer in time", async () => {
    // The real limit is 10 s; the test shortens it rather than wait.
    expect(await refusal(`${base}/slow`, { allowLoopback: true, timeoutMs: 300 })).toEqual({ reason: "timeout" });
  });

  it("refuses what is not an iCalendar file, and error answers", async () => {
    expect(await refusal(`${base}/html`)).toEqual({ reason: "not-ical" });
    expect(await refusal(`${base}/missing`)).toEqual({ reason: "http-status", status: 404 });
  });
});
