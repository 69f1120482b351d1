import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "better-auth/node";
import { clientKeyOf } from "../http/client-key.server";
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "../http/outage.server";
import type { Logger } from "../platform/logger.server";

// better-auth learns who is calling only from a request header, and the Web Request it is handed
// has no socket. The HTTP server therefore writes the visitor's address (Express's req.ip, which
// honours the proxy setting) into a header before better-auth sees the request, and the account
// pages do the same for their in-process calls. The header's name is derived from the auth secret,
// so a visitor cannot send one of their own choosing and pick their rate-limit bucket.

/** The header that carries the visitor's client key (client-key.server.ts) to better-auth and its hooks, for this deployment. */
export function clientAddressHeader(authSecret: string): string {
  const tag = createHmac("sha256", `client-address:${authSecret}`).update("header-name").digest("hex").slice(0, 16);
  return `x-costumecast-client-${tag}`;
}

/** A copy of the headers carrying `address` (or none, when the address is unknown) to better-auth. */
export function withClientAddress(headers: Headers, headerName: string, address: string | null): Headers {
  const copy = new Headers(headers);
  if (address) copy.set(headerName, address);
  else copy.delete(headerName);
  return copy;
}

/** The visitor's address as the HTTP server or the account page handed it over, or null. */
export function clientAddressFrom(headers: Headers | undefined, headerName: string): string | null {
  const value = headers?.get(headerName)?.trim();
  return value ? value : null;
}

type NodeRequest = IncomingMessage & { ip?: string };

/**
 * better-auth's Node handler for /api/auth, told the caller's address: mount it instead of
 * better-auth's own `toNodeHandler(auth)`. better-auth is set to throw what it cannot answer itself
 * (auth.server.ts), so a database outage here is a 503 with Retry-After, as on the pages, not a 500.
 */
export function authNodeHandler(services: {
  auth: Parameters<typeof toNodeHandler>[0];
  config: { authSecret: string; ipv6ClientPrefix: number };
  logger: Logger;
}) {
  const handle = toNodeHandler(services.auth);
  const headerName = clientAddressHeader(services.config.authSecret);
  return async (req: NodeRequest, res: ServerResponse): Promise<void> => {
    // The visitor's client key (an IPv6 visitor's whole /64), like every other limit of the site.
    const address = req.ip ?? req.socket.remoteAddress;
    if (address) req.headers[headerName] = clientKeyOf(address, services.config.ipv6ClientPrefix);
    else delete req.headers[headerName];
    try {
      await handle(req, res);
    } catch (error) {
      const outage = isDatabaseUnavailable(error);
      if (outage) services.logger.warn({ err: error, path: req.url }, "auth request during a database outage");
      else services.logger.error({ err: error, path: req.url }, "auth request failed");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = outage ? 503 : 500;
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      if (outage) res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
      res.end(JSON.stringify({ message: outage ? "The service is briefly unavailable. Please try again in a minute." : "Something went wrong." }));
    }
  };
}
