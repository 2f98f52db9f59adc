import { cp, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { checkGoExamples } from "./referenceExamples";
import { describeSdkExample, run } from "./sdkExample";

const SDK_MODULE = "github.com/pulumi-idgov/pulumi-idgov/sdk/go";

/** The user's copy of sdk/go, beside the program (a release of the SDK the version check may replace). */
const sdkCopy = (programDir: string) => path.join(path.dirname(programDir), "sdk-go");

describeSdkExample("examples/go: the idgov package from sdk/go, under the real Pulumi CLI", {
  example: "go",
  displayName: "Portal (Go)",
  async install({ programDir, env }) {
    // GOSUMDB off as get-pulumi.sh sets it: sum.golang.org is not reachable here.
    Object.assign(env, { GOSUMDB: process.env.GOSUMDB ?? "off", GOTOOLCHAIN: "local" });
    // The copy sits outside the repository: its replace points at a copy of this clone's sdk/go, as a user's would.
    await cp(path.join(REPO_ROOT, "sdk", "go"), sdkCopy(programDir), { recursive: true });
    await run("go", ["mod", "edit", "-replace", `${SDK_MODULE}=${sdkCopy(programDir)}`], programDir, env);
    await run("go", ["mod", "tidy"], programDir, env);
    // Built once here (a compile error fails the test by itself) with the host's flags, so that the host's own
    // go build reuses the compiled packages.
    await run("go", ["build", "-buildvcs=false", "-trimpath", "-o", "/dev/null", "."], programDir, env);
  },
  checkReferenceExamples: ({ programDir, env }) => checkGoExamples(path.dirname(programDir), env),
  async claimSdkVersion(programDir, version) {
    // A newer release: the version its package defaults send (the `version` option) and its plugin file.
    const utilities = path.join(sdkCopy(programDir), "idgov", "internal", "pulumiUtilities.go");
    const text = await readFile(utilities, "utf8");
    const claimed = text.replace(/version := semver\.MustParse\("[^"]*"\)/g, `version := semver.MustParse("${version}")`);
    if (claimed === text) throw new Error(`${utilities} sends no version: regenerate sdk/go (respectSchemaVersion)`);
    await writeFile(utilities, claimed);
    const plugin = path.join(sdkCopy(programDir), "idgov", "pulumi-plugin.json");
    const manifest = JSON.parse(await readFile(plugin, "utf8")) as { version: string };
    await writeFile(plugin, JSON.stringify({ ...manifest, version }));
  },
});
