import { describe, expect, it } from "vitest";
import {
  refreshMarginMs,
  tokenRequestBody,
  TokenManager,
  type TokenGrant,
} from "../../../provider/client/auth";

/** A token source that counts exchanges and hands out tok-1, tok-2, … */
function countingSource(expiresInSeconds: number | undefined, delayMs = 0) {
  const source = {
    calls: 0,
    fetchToken: async (): Promise<TokenGrant> => {
      source.calls += 1;
      const accessToken = `tok-${source.calls}`;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { accessToken, expiresInSeconds };
    },
  };
  return source;
}

describe("refreshMarginMs", () => {
  it.each([
    [3_600_000, 60_000],
    [600_000, 60_000],
    [300_000, 30_000],
    [10_000, 1_000],
    [1_000, 100],
  ])("renews a token living %i ms %i ms before it expires", (lifetime, margin) => {
    expect(refreshMarginMs(lifetime)).toBe(margin);
  });
});

describe("tokenRequestBody", () => {
  it("form-encodes the client-credentials grant", () => {
    expect(tokenRequestBody("otter@acme.example.com/pcc", "a+b&c=d")).toBe(
      "grant_type=client_credentials&client_id=otter%40acme.example.com%2Fpcc&client_secret=a%2Bb%26c%3Dd",
    );
  });
});

describe("TokenManager", () => {
  it("shares one token request among concurrent callers", async () => {
    const source = countingSource(3600, 20);
    const tokens = new TokenManager({ fetchToken: source.fetchToken });
    const got = await Promise.all(Array.from({ length: 10 }, () => tokens.getToken()));
    expect(new Set(got)).toEqual(new Set(["tok-1"]));
    expect(source.calls).toBe(1);
  });

  it("reuses a token until the refresh margin before expiry, then fetches a new one", async () => {
    let now = 0;
    const source = countingSource(100);
    const tokens = new TokenManager({ fetchToken: source.fetchToken, now: () => now });
    expect(await tokens.getToken()).toBe("tok-1");
    now = 89_999;
    expect(await tokens.getToken()).toBe("tok-1");
    now = 90_000;
    expect(await tokens.getToken()).toBe("tok-2");
  });

  it("keeps a token without expires_in until it is invalidated", async () => {
    let now = 0;
    const source = countingSource(undefined);
    const tokens = new TokenManager({ fetchToken: source.fetchToken, now: () => now });
    await tokens.getToken();
    now = 10 ** 12;
    expect(await tokens.getToken()).toBe("tok-1");
    tokens.invalidate("tok-1");
    expect(await tokens.getToken()).toBe("tok-2");
  });

  it("ignores the invalidation of a token already replaced", async () => {
    const source = countingSource(3600);
    const tokens = new TokenManager({ fetchToken: source.fetchToken });
    await tokens.getToken();
    tokens.invalidate("tok-1");
    await tokens.getToken();
    tokens.invalidate("tok-1");
    expect(await tokens.getToken()).toBe("tok-2");
    expect(source.calls).toBe(2);
  });

  it("uses a static access token as given and cannot renew it alone", async () => {
    const tokens = new TokenManager({ accessToken: "static-token" });
    expect(tokens.renewable).toBe(false);
    tokens.invalidate("static-token");
    expect(await tokens.getToken()).toBe("static-token");
  });

  it("replaces a rejected static token through client credentials when it has them", async () => {
    const source = countingSource(3600);
    const tokens = new TokenManager({ accessToken: "static-token", fetchToken: source.fetchToken });
    expect(await tokens.getToken()).toBe("static-token");
    tokens.invalidate("static-token");
    expect(await tokens.getToken()).toBe("tok-1");
  });

  it("lets the next caller retry after a failed token request", async () => {
    let fail = true;
    const tokens = new TokenManager({
      fetchToken: async () => {
        if (fail) throw new Error("token endpoint down");
        return { accessToken: "tok-ok", expiresInSeconds: 3600 };
      },
    });
    await expect(tokens.getToken()).rejects.toThrow("token endpoint down");
    fail = false;
    expect(await tokens.getToken()).toBe("tok-ok");
  });
});
