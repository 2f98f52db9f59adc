import { describe, expect, it } from "vitest";
import { cidrString, hostBitsMessage, rangeWithoutHostBits } from "../../../provider/schemas";

describe("rangeWithoutHostBits", () => {
  it.each([
    ["10.0.0.1/8", "10.0.0.0/8"],
    ["192.168.1.7/24", "192.168.1.0/24"],
    ["172.16.5.4/12", "172.16.0.0/12"],
    ["fe80::1:2/64", "fe80:0:0:0:0:0:0:0/64"],
    ["2001:db8::ffff/48", "2001:db8:0:0:0:0:0:0/48"],
    ["::ffff:10.0.0.1/104", "0:0:0:0:0:ffff:a00:0/104"],
  ])("names the range %j stands for", (text, range) => {
    expect(rangeWithoutHostBits(text)).toBe(range);
  });

  it.each([
    "10.0.0.0/8",
    "0.0.0.0/0",
    "255.255.255.255/32",
    "2001:db8::/32",
    "::1/128",
    "1:2:3:4:5:6:10.0.0.1/128",
  ])("answers nothing for %j, which sets no host bit", (text) => {
    expect(rangeWithoutHostBits(text)).toBeUndefined();
  });
});

describe("cidrString", () => {
  it("refuses a range with host bits, naming the value and the range meant", () => {
    const result = cidrString.safeParse("10.0.0.1/8");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      '"10.0.0.1/8" sets host bits past its prefix; write the range as "10.0.0.0/8"',
    ]);
    expect(hostBitsMessage("10.0.0.1/8", "10.0.0.0/8")).toBe(result.error?.issues[0]?.message);
  });

  it("accepts a range without host bits", () => {
    expect(cidrString.safeParse("10.0.0.0/8").success).toBe(true);
  });
});
