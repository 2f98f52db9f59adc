import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(__dirname, "..");

/** Every TypeScript source under a top-level folder, tests excluded, as repository-relative paths. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"))
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")));
}

/** What a file imports: relative specifiers resolved to repository paths, package names as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const statements = text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm);
  const calls = text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g);
  const specifiers = [...statements, ...calls].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    specifier.startsWith(".")
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : specifier,
  );
}

const SHIPPED = ["provider", "resources", "emulator", "policy"].flatMap(sourcesUnder);

/** provider/'s top-level modules that import nothing of it, so every layer and door may: the version, the runtime's tuning. */
const LEAVES = new Set(["provider/version", "provider/runtimeTuning"]);

describe("the arrows between folders", () => {
  it("finds the shipped sources", () => {
    expect(SHIPPED.length).toBeGreaterThan(100);
  });

  it("shipped code imports nothing under test/", () => {
    const offenders = SHIPPED.filter((file) => importsOf(file).some((target) => target.startsWith("test/")));
    expect(offenders).toEqual([]);
  });

  it("the emulator holds its own model of the contract: it imports nothing from provider/ or resources/", () => {
    const offenders = sourcesUnder("emulator").filter((file) =>
      importsOf(file).some((target) => /^(provider|resources)\//.test(target)),
    );
    expect(offenders).toEqual([]);
  });

  it("the policy pack reads the kinds through their exported view only (pulumi-idgov/kinds), nothing else below it", () => {
    const offenders = sourcesUnder("policy").filter((file) =>
      importsOf(file).some(
        (target) => /^(provider|resources|emulator)\//.test(target) && target !== "provider/kinds/public",
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("provider/ imports nothing from resources/, and only the gRPC codec (native/) takes Pulumi's protocol", () => {
    const offenders = sourcesUnder("provider").filter((file) =>
      importsOf(file).some(
        (target) =>
          target.startsWith("resources/") ||
          (target.startsWith("@pulumi/pulumi") && !file.startsWith("provider/native/")),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("the gRPC codec (native/) reaches below the service only through service/: of provider/ it imports service/, kinds/, schemas/, components/ and the leaves, and its entry point the command door", () => {
    const allowed = /^provider\/(native|service|kinds|schemas|components)(\/|$)/;
    // The plugin's process also answers the commands of `pulumi-idgov` (`pulumi plugin run`): only its entry point
    // and the argument check reach the command door, cli/, and nothing else of it reaches below the service.
    const entryPoint = new Set(["provider/native/main.ts", "provider/native/commandLine.ts"]);
    const commandDoor = /^provider\/cli\/(main|commands)$/;
    const offenders = sourcesUnder("provider/native").flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("provider/") && !allowed.test(target) && !LEAVES.has(target))
        .filter((target) => !(entryPoint.has(file) && commandDoor.test(target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the dynamic door (resources/) reaches below the service only through service/: of provider/ it imports service/, kinds/, components/, schemas/, lookups/, errors/ and version", () => {
    const allowed = /^provider\/(service|kinds|components|schemas|lookups|errors)(\/|$)|^provider\/version$/;
    // The package root exports every error class a user can meet (test/publicSurface.test.ts), wherever it is thrown.
    const packageRoot = "resources/index.ts";
    const offenders = sourcesUnder("resources")
      .filter((file) => file !== packageRoot)
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith("provider/") && !allowed.test(target))
          .map((target) => `${file} -> ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the components (components/) are compositions of the kinds: they import kinds/, engine/, errors/ and the policy pack's rules, no door and no service", () => {
    const offenders = sourcesUnder("provider/components").flatMap((file) =>
      importsOf(file)
        .filter(
          (target) => /^(provider|resources|policy|emulator)\//.test(target) || target.startsWith("@pulumi/"),
        )
        .filter(
          (target) =>
            !/^provider\/(components|kinds|engine|errors)(\/|$)|^policy\/(rules(\/|$)|rule$)/.test(target),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the ownership goes to the engine as a parameter: neither the codec, the service nor the engine's read packs __ownership into props", () => {
    const packing = /\[OWNERSHIP_KEY\]\s*[:=](?!\s*_)/;
    const offenders = [
      ...sourcesUnder("provider/native"),
      ...sourcesUnder("provider/service"),
      "provider/engine/lifecycle.ts",
    ].filter((file) => packing.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the test kit (testkit/) imports nothing from test/ or bench/, and test/ and bench/ never import each other", () => {
    const allSources = (folder: string) =>
      readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
        .map((file) => path.posix.join(folder, file.split(path.sep).join("/")));
    const reaching = (from: string, into: RegExp) =>
      allSources(from).flatMap((file) =>
        importsOf(file)
          .filter((target) => into.test(target))
          .map((target) => `${file} -> ${target}`),
      );
    expect(allSources("testkit").length).toBeGreaterThan(10);
    expect(reaching("testkit", /^(test|bench)\//)).toEqual([]);
    expect(reaching("test", /^bench\//)).toEqual([]);
    expect(reaching("bench", /^test\//)).toEqual([]);
    expect(reaching("scripts", /^test\//)).toEqual([]);
  });

  it("the type tokens are spelled once, in provider/kinds/tokens.ts (comments aside)", () => {
    const spelled = /["'`](?:idgov:index:|pulumi-nodejs:dynamic\/idgov:)/;
    const offenders = SHIPPED.filter((file) => file !== "provider/kinds/tokens.ts").filter((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .some((line) => !/^\s*(\/\*|\*|\/\/)/.test(line) && spelled.test(line)),
    );
    expect(offenders).toEqual([]);
  });

  it("Pulumi's secret signature is spelled once, in provider/engine/pulumiSecret.ts, for the code, the test kit, the tests and the bench", () => {
    const everySource = [
      "provider",
      "resources",
      "emulator",
      "policy",
      "testkit",
      "test",
      "bench",
      "scripts",
    ].flatMap((folder) =>
      readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && !file.includes("node_modules"))
        .map((file) => path.posix.join(folder, file.split(path.sep).join("/"))),
    );
    const spelling = ["4dabf18193072939515e22adb298388d", "1b47061264138c4ac30d75fd1eb44270"];
    const offenders = everySource
      .filter((file) => file !== "provider/engine/pulumiSecret.ts" && file !== "test/architecture.test.ts")
      .filter((file) => spelling.some((text) => readFileSync(path.join(ROOT, file), "utf8").includes(text)));
    expect(offenders).toEqual([]);
  });

  it("the core's layers point one way: errors/ <- schemas/ <- client/ <- engine/ <- kinds/, each importing only those before it", () => {
    const LAYERS = ["errors", "schemas", "client", "engine", "kinds"];
    const offenders = LAYERS.flatMap((layer, at) => {
      const below = new Set(LAYERS.slice(0, at + 1));
      return sourcesUnder(`provider/${layer}`).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith("provider/") && !LEAVES.has(target))
          .filter((target) => !below.has(target.split("/")[1]!))
          .map((target) => `${file} -> ${target}`),
      );
    });
    expect(offenders).toEqual([]);
  });

  it("the service (service/) takes no feature built on it: nothing from audit/", () => {
    const offenders = sourcesUnder("provider/service").flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("provider/audit/"))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the service (service/) imports no door: nothing from native/, cli/ or resources/", () => {
    const offenders = sourcesUnder("provider/service").flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(provider\/(native|cli)|resources)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});
