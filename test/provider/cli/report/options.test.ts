import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../provider/cli/flags";
import { parseReportArguments } from "../../../../provider/cli/report/options";

describe("the command line of pulumi-idgov report", () => {
  it.each([
    [["--drift", "a.json", "b.json", "--out", "r"], { drift: ["a.json", "b.json"], out: "r" }],
    [["--drift=a.json", "b.json", "--out=r"], { drift: ["a.json", "b.json"], out: "r" }],
    [
      ["--out", "r", "--drift", "a.json", "--audit", "audit.json", "--drift", "b.json", "--history", "h"],
      { drift: ["a.json", "b.json"], out: "r", audit: "audit.json", history: "h" },
    ],
  ])("%j reads as %j", (args, options) => {
    expect(parseReportArguments(args)).toEqual(options);
  });

  it.each([
    [["--out", "r"], "--drift FILE… is required: each stack's drift check"],
    [["--drift", "a.json"], "--out DIR is required"],
    [["--drift", "--out", "r"], "--drift needs a FILE"],
    [["--out", "r", "--drift"], "--drift needs a FILE"],
    [["--drift", "a.json", "--out", "r", "--out", "s"], "--out is given twice"],
    [
      ["--drift", "a.json", "--out", "r", "--base-url", "http://x"],
      "report reads no tenant: it takes no provider settings",
    ],
    [["--drift", "a.json", "--out", "r", "--format", "json"], "unknown flag --format"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseReportArguments(args)).toThrow(UsageError);
    expect(() => parseReportArguments(args)).toThrow(message);
  });

  it("answers help for --help", () => {
    expect(parseReportArguments(["--drift", "a.json", "--help"])).toBe("help");
  });
});
