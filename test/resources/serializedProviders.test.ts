import { describe, expect, it } from "vitest";
import { serializedProvider } from "../../testkit/serialize";

describe("the provider Pulumi stores in state", () => {
  it.each([
    "SsoSettings",
    "XaaSettings",
    "SessionSettings",
    "AuthConfig",
    "AppResource",
    "AccessReviewScope",
  ])("of %s is under 2 KB, names its kind, and holds no path or secret", (kind) => {
    const text = serializedProvider(kind);
    expect(Buffer.byteLength(text)).toBeLessThan(2048);
    expect(text).toContain(`kind: "${kind}"`);
    expect(text).toContain('require("pulumi-idgov/host")');
    expect(text).not.toMatch(/\/work\/|\/home\/|\/root\/|\/tmp\//);
    expect(text).not.toMatch(/secret|token/i);
  });
});
