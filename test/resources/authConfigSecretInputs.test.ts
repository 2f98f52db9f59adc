import { describe, expect, it } from "vitest";
import { pulumiSecret as secret } from "../../provider/engine/pulumiSecret";
import { runMockedProgram } from "../../testkit/mockedProgram";

describe("the AuthConfig class", () => {
  it("registers every client secret as a secret input, even one the program gave in plain text", async () => {
    const run = await runMockedProgram([
      `new idgov.AuthConfig("plain", {
        displayName: "Plain",
        oidc: { issuerId: "https://idp", oidcClientId: "c", oidcClientSecret: "plain-text-secret" },
      })`,
      `new idgov.AuthConfig("whole", {
        displayName: "Whole",
        providerClient: pulumi.output({ oidcClientId: "c", oidcClientSecret: "member-secret" }),
      })`,
      `new idgov.AuthConfig("none", { displayName: "None", providerTenant: { tenantIds: ["t"] } })`,
    ]);
    expect(run.thrown).toEqual([]);
    const inputs = (name: string) => run.registered.find((resource) => resource.name === name)?.inputs;
    const [plain, whole, none] = [inputs("plain"), inputs("whole"), inputs("none")];
    // The engine stores a nested secret where it is; the mock engine reports it on the top-level property.
    expect(plain?.oidc).toEqual(
      secret({ issuerId: "https://idp", oidcClientId: "c", oidcClientSecret: "plain-text-secret" }),
    );
    expect(plain?.displayName).toBe("Plain");
    expect(whole?.providerClient).toEqual(secret({ oidcClientId: "c", oidcClientSecret: "member-secret" }));
    expect(none?.providerTenant).toEqual({ tenantIds: ["t"] });
  });
});
