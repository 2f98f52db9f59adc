import { describe, expect, it } from "vitest";
import { cidrMessage, isCidr } from "../../../provider/schemas";

describe("isCidr", () => {
  it.each([
    "10.0.0.0/8",
    "0.0.0.0/0",
    "255.255.255.255/32",
    "192.168.1.7/24",
    "172.16.0.0/12",
    "::/0",
    "::1/128",
    "2001:db8::/32",
    "2001:0db8:0000:0000:0000:0000:0000:0001/128",
    "2001:DB8::FFFF/48",
    "fe80::1:2/64",
    "1:2:3:4:5:6:7::/112",
    "::2:3:4:5:6:7:8/64",
    "1::8/64",
    "::ffff:10.0.0.0/104",
    "1:2:3:4:5:6:10.0.0.1/128",
  ])("accepts %j", (text) => {
    expect(isCidr(text)).toBe(true);
  });

  it.each([
    ["IPv4 prefix above 32", "10.0.0.0/33"],
    ["bare IPv4 address", "10.0.0.0"],
    ["octet above 255", "256.0.0.0/8"],
    ["three octets", "10.0.0/8"],
    ["five octets", "10.0.0.0.0/8"],
    ["octet with a leading zero", "01.0.0.0/8"],
    ["prefix with a leading zero", "10.0.0.0/08"],
    ["empty prefix", "10.0.0.0/"],
    ["missing address", "/8"],
    ["two prefixes", "10.0.0.0/8/8"],
    ["leading space", " 10.0.0.0/8"],
    ["negative prefix", "10.0.0.0/-1"],
    ["letters as octets", "a.b.c.d/8"],
    ["empty octet", "10..0.0/8"],
    ["IPv6 prefix above 128", "::/129"],
    ["bare IPv6 address", "2001:db8::1"],
    ["triple colon", "2001:db8:::1/64"],
    ["two double colons", "1::2::3/64"],
    ["nine groups", "1:2:3:4:5:6:7:8:9/64"],
    ["seven groups without compression", "1:2:3:4:5:6:7/64"],
    ["eight groups with compression", "1:2:3:4:5:6:7:8::/64"],
    ["group of five hex digits", "12345::/16"],
    ["non-hex group", "g::/16"],
    ["single leading colon", ":1::/64"],
    ["single trailing colon", "1::2:/64"],
    ["short IPv4 tail", "::ffff:10.0.0/104"],
    ["IPv4 before the compression", "10.0.0.1::/64"],
    ["IPv4 tail making nine groups", "1:2:3:4:5:6:7:10.0.0.1/128"],
    ["zone index", "fe80::1%eth0/64"],
    ["empty string", ""],
  ])("rejects a %s: %j", (_, text) => {
    expect(isCidr(text)).toBe(false);
  });
});

describe("cidrMessage", () => {
  it("names the value and both accepted forms", () => {
    expect(cidrMessage("10.0.0.0/33")).toBe(
      '"10.0.0.0/33" is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)',
    );
  });
});
