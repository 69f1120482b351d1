import { describe, expect, it } from "vitest";
import { clientKey, clientKeyOf } from "~/server/http/client-key.server";
import { loadConfig } from "~/server/platform/config.server";

describe("client key", () => {
  it("keeps an IPv4 address whole and unwraps one a dual-stack socket reports as IPv6", () => {
    expect(clientKeyOf("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKeyOf("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKeyOf("::FFFF:198.51.100.7")).toBe("198.51.100.7");
  });

  it("makes every address of one IPv6 /64 the same visitor, and another /64 another", () => {
    const a = clientKeyOf("2001:db8:1:2::1");
    expect(a).toBe("2001:0db8:0001:0002:0000:0000:0000:0000");
    expect(clientKeyOf("2001:db8:1:2:ffff:eeee:dddd:cccc")).toBe(a);
    expect(clientKeyOf("2001:DB8:1:2:abcd::9")).toBe(a);
    expect(clientKeyOf("[2001:db8:1:2::5]")).toBe(a);
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(a);
  });

  it("groups by the configured prefix length", () => {
    expect(clientKeyOf("2001:db8:1:2::1", 48)).toBe(clientKeyOf("2001:db8:1:ffff::1", 48));
    expect(clientKeyOf("2001:db8:1:2::1", 56)).toBe("2001:0db8:0001:0000:0000:0000:0000:0000");
    expect(clientKeyOf("2001:db8:1:2::1", 128)).not.toBe(clientKeyOf("2001:db8:1:2::2", 128));
  });

  it("reads IPv6 visitors arriving through a trusted proxy by their /64", () => {
    const proxied = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" });
    const visitor = (address: string) =>
      clientKey({ config: proxied }, new Request("http://x/", { headers: { "X-Forwarded-For": `${address}, 10.0.0.1` } }));
    expect(visitor("2001:db8:aa:bb::1")).toBe(visitor("2001:db8:aa:bb:1:2:3:4"));
    expect(visitor("2001:db8:aa:bb::1")).not.toBe(visitor("2001:db8:aa:bc::1"));
    // The HTTP server's own view comes first, and is keyed the same way.
    expect(clientKey({ config: proxied, clientIp: "2001:db8:aa:bb::99" }, new Request("http://x/"))).toBe(visitor("2001:db8:aa:bb::1"));
  });

  it("refuses a prefix setting outside 32 to 128", () => {
    expect(() => loadConfig({ NODE_ENV: "test", CLIENT_IPV6_PREFIX: "16" })).toThrow(/CLIENT_IPV6_PREFIX/);
    expect(loadConfig({ NODE_ENV: "test", CLIENT_IPV6_PREFIX: "56" }).ipv6ClientPrefix).toBe(56);
  });
});
