import { describe, expect, test } from "vitest";
import { deviceLabelOf, networkOf } from "./sign-in-places.ts";

describe("networkOf", () => {
  test("an IPv4 address is its /24; written as IPv6, the same", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.114.7")).toBe("203.0.114.0/24");
  });

  test("an IPv6 address is its /48, however it is written", () => {
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001:0db8:abcd:ffff:0:0:0:2")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0::/48");
  });

  test("anything else is itself", () => {
    expect(networkOf("unknown")).toBe("unknown");
  });
});

describe("deviceLabelOf", () => {
  test("a browser and its system", () => {
    expect(
      deviceLabelOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"),
    ).toBe("Chrome, Windows");
    expect(deviceLabelOf("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")).toBe("Firefox, Linux");
  });

  test("an unknown agent as written, at most 120 characters; none, empty", () => {
    expect(deviceLabelOf("x".repeat(300))).toBe("x".repeat(120));
    expect(deviceLabelOf("   ")).toBe("");
  });
});
