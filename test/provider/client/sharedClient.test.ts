import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, type ConfigSource } from "../../../provider/client/config";
import { sharedConnection } from "../../../provider/client/sharedClient";

/** A stack config answering `values`, counting the keys it is asked for. */
function countingSource(values: Record<string, string>): ConfigSource & { reads: number } {
  const source = {
    reads: 0,
    get(key: string) {
      source.reads += 1;
      return values[key];
    },
  };
  return source;
}

const settings = (baseUrl: string) => ({
  "idgov:baseUrl": baseUrl,
  "idgov:clientId": "shared-client-test",
  "idgov:clientSecret": "shared-client-secret",
});

describe("sharedConnection", () => {
  it("resolves the same settings once per process, whichever source object answers them", () => {
    const first = countingSource(settings("http://127.0.0.1:18101"));
    const connection = sharedConnection(first);
    expect(first.reads).toBeGreaterThan(CONFIG_KEYS.length);

    const again = countingSource(settings("http://127.0.0.1:18101"));
    expect(sharedConnection(again)).toBe(connection);
    expect(again.reads).toBe(CONFIG_KEYS.length);
  });

  it("resolves again when a value changes, and gives that configuration its own connection", () => {
    const before = sharedConnection(countingSource(settings("http://127.0.0.1:18102")));
    const after = sharedConnection(countingSource(settings("http://127.0.0.1:18103")));
    expect(after).not.toBe(before);
    expect(after.config.baseUrl).toBe("http://127.0.0.1:18103");
  });

  it("resolves again when an IDGOV_* variable the stack config leaves unset changes", () => {
    const values = { "idgov:clientId": "shared-client-test", "idgov:clientSecret": "shared-client-secret" };
    const saved = process.env.IDGOV_BASE_URL;
    try {
      process.env.IDGOV_BASE_URL = "http://127.0.0.1:18104";
      const first = sharedConnection(countingSource(values));
      process.env.IDGOV_BASE_URL = "http://127.0.0.1:18105";
      const second = sharedConnection(countingSource(values));
      expect([first.config.baseUrl, second.config.baseUrl]).toEqual([
        "http://127.0.0.1:18104",
        "http://127.0.0.1:18105",
      ]);
    } finally {
      if (saved === undefined) delete process.env.IDGOV_BASE_URL;
      else process.env.IDGOV_BASE_URL = saved;
    }
  });
});
