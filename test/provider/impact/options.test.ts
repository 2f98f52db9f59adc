import { describe, expect, it } from "vitest";
import { UsageError } from "../../../provider/cli/flags";
import { impactUsage, parseImpactArguments } from "../../../provider/cli/impact/options";

describe("pulumi-idgov impact's command line", () => {
  it("reads standard input as a table by default, and takes a file, a format, a threshold and connection flags", () => {
    expect(parseImpactArguments([])).toMatchObject({
      preview: undefined,
      format: "table",
      threshold: undefined,
    });
    const options = parseImpactArguments([
      "--preview",
      "plan.json",
      "--format=markdown",
      "--threshold",
      "0",
      "--unknown-crosses",
      "--base-url",
      "https://acme.example.com",
    ]);
    expect(options).toMatchObject({
      preview: "plan.json",
      format: "markdown",
      threshold: 0,
      unknownCrosses: true,
    });
    expect(options !== "help" && options.settings.get("idgov:baseUrl")).toBe("https://acme.example.com");
  });

  it.each([
    [["--format", "html"], '--format: "html" is not one of table, json, markdown'],
    [["--threshold", "-1"], '--threshold: "-1" is not a whole number of people (0 or more)'],
    [["--threshold", "ten"], '--threshold: "ten" is not a whole number of people (0 or more)'],
    [["--unknown-crosses"], "--unknown-crosses needs --threshold N"],
    [
      ["--client-secret", "s3cr3t"],
      "--client-secret: never put a secret on the command line; set IDGOV_CLIENT_SECRET, or idgov:clientSecret with `pulumi config set --secret`",
    ],
    [["--out", "x"], "unknown flag --out"],
    [["--preview"], "--preview needs a value"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseImpactArguments(args)).toThrow(new UsageError(message));
  });

  it("explains itself with --help: input, formats, threshold and exit codes", () => {
    expect(parseImpactArguments(["--help"])).toBe("help");
    const usage = impactUsage();
    for (const text of [
      "pulumi preview --json | pulumi-idgov impact",
      "--format FORMAT",
      "--threshold N",
      "Exit codes: 0",
      "3 something crossed it",
    ]) {
      expect(usage).toContain(text);
    }
  });
});
