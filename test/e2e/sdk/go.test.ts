import * as path from "node:path";
import { REPO_ROOT } from "../harness/pulumiCli";
import { describeSdkExample, run } from "./sdkExample";

const SDK_MODULE = "github.com/pulumi-idgov/pulumi-idgov/sdk/go";

describeSdkExample("examples/go: the idgov package from sdk/go, under the real Pulumi CLI", {
  example: "go",
  displayName: "Portal (Go)",
  async install({ programDir, env }) {
    // GOSUMDB off as get-pulumi.sh sets it: sum.golang.org is not reachable here.
    Object.assign(env, { GOSUMDB: process.env.GOSUMDB ?? "off", GOTOOLCHAIN: "local" });
    // The copy sits outside the repository: its replace points at this clone's sdk/go, as a user's would.
    const sdk = path.join(REPO_ROOT, "sdk", "go");
    await run("go", ["mod", "edit", "-replace", `${SDK_MODULE}=${sdk}`], programDir, env);
    await run("go", ["mod", "tidy"], programDir, env);
    // Built once here (a compile error fails the test by itself) with the host's flags, so that the host's own
    // go build reuses the compiled packages.
    await run("go", ["build", "-buildvcs=false", "-trimpath", "-o", "/dev/null", "."], programDir, env);
  },
});
