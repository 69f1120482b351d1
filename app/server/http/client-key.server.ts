import { isIPv4, isIPv6 } from "node:net";

// Who a visitor is, for every per-visitor limit and for the insights' "once a day" visitor: one
// function, so no counter can be dodged by a cheaper way of looking new. An IPv4 address is one
// visitor. An IPv6 visitor is their network prefix (a /64 by default, CLIENT_IPV6_PREFIX): a home or
// a cheap server is handed a whole /64, so keying on the full address would give anyone 2^64
// fresh identities. The key is itself a valid IP address (the prefix with its host bits zeroed), so
// better-auth, which checks the header it reads is an address, accepts it as it is.

/** The default IPv6 prefix length that counts as one visitor. */
export const DEFAULT_IPV6_PREFIX = 64;

/** "::ffff:192.0.2.1" (how a dual-stack socket reports an IPv4 client) as "192.0.2.1"; null if not one. */
function mappedIPv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match && isIPv4(match[1]) ? match[1] : null;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted quad becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The client key of an address: an IPv4 address (mapped ones unwrapped) as it is; an IPv6 address
 * cut to its first `ipv6Prefix` bits, written in full with the rest zeroed. Anything that is not an
 * address (a test's made-up name, "unknown") is kept as given.
 */
export function clientKeyOf(address: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const bare = trimmed.replace(/^\[|\]$/g, "");
  if (!isIPv6(bare.split("%")[0])) return trimmed;
  const v4 = mappedIPv4(bare);
  if (v4) return v4;
  let bits = Math.max(0, Math.min(128, Math.floor(ipv6Prefix)));
  return ipv6Groups(bare)
    .map((group) => {
      const keep = Math.min(16, bits);
      bits -= keep;
      const mask = keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff;
      return (group & mask).toString(16).padStart(4, "0");
    })
    .join(":");
}

interface KeyContext {
  /** The visitor's address as the HTTP server saw it (Express's `req.ip`, honouring TRUST_PROXY). */
  clientIp?: string;
  config: { trustProxy: boolean; ipv6ClientPrefix: number };
}

/**
 * The visitor's client key for a request: from the address the HTTP server handed over in the load
 * context, or (tests and scripts without one) the forwarded header only when the operator said a
 * proxy sets it. "unknown" when neither says.
 */
export function clientKey(context: KeyContext, request: Request): string {
  const prefix = context.config.ipv6ClientPrefix;
  if (context.clientIp) return clientKeyOf(context.clientIp, prefix);
  if (context.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return clientKeyOf(forwarded, prefix);
  }
  return "unknown";
}
