import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectSuccess, transcriptOf } from "../../../testkit/command";
import { openScratchStack, type ScratchStack } from "../harness/scratchProject";

/** A package no plugin on this machine serves; its Go SDK is a local module the program requires. */
const ABSENT_PACKAGE = "notinstalledpkg";

const files: Record<string, string> = {
  "Pulumi.yaml": "name: go-host-check\nruntime: go\n",
  "go.mod": `module example.com/go-host-check

go 1.25

require (
	example.com/${ABSENT_PACKAGE} v1.2.3
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
)

replace example.com/${ABSENT_PACKAGE} => ./${ABSENT_PACKAGE}
`,
  "main.go": `package main

import (
	"os"

	"example.com/${ABSENT_PACKAGE}"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ctx.Export("sentence", pulumi.String(config.Require(ctx, "greeting")+" from go"))
		ctx.Export("stack", pulumi.String(ctx.Stack()))
		if os.Getenv("REGISTER_ABSENT_PACKAGE") == "" {
			return nil
		}
		var thing pulumi.CustomResourceState
		return ctx.RegisterResource(${ABSENT_PACKAGE}.ThingType, "thing", pulumi.Map{}, &thing)
	})
}
`,
  // What a generated Go SDK holds at its module root: pulumi-plugin.json naming the plugin and its version.
  [`${ABSENT_PACKAGE}/go.mod`]: `module example.com/${ABSENT_PACKAGE}\n\ngo 1.25\n`,
  [`${ABSENT_PACKAGE}/pulumi-plugin.json`]: JSON.stringify({
    resource: true,
    name: ABSENT_PACKAGE,
    version: "1.2.3",
  }),
  [`${ABSENT_PACKAGE}/thing.go`]: `package ${ABSENT_PACKAGE}\n\nconst ThingType = "${ABSENT_PACKAGE}:index:Thing"\n`,
};

/**
 * The pulumi-language-go that scripts/get-pulumi.sh puts beside the CLI (a stand-in: the module proxy refuses the
 * official one) installs a Go program's modules, builds and runs it under the real CLI, and reports the Pulumi
 * packages among its modules so the engine looks for their plugins. The first run compiles the Go SDK (about a
 * minute here with a cold Go build cache).
 */
describe("pulumi-language-go from scripts/get-pulumi.sh", () => {
  let scratch: ScratchStack;

  beforeAll(async () => {
    scratch = await openScratchStack({ binDir: inject("pulumiBinDir"), files });
    // sum.golang.org is out of reach here, as for scripts/get-pulumi.sh.
    Object.assign(scratch.stack.env, { GOSUMDB: process.env.GOSUMDB ?? "off", GOTOOLCHAIN: "local" });
    // `pulumi install` runs the host's InstallDependencies (`go mod tidy`); the absent package has no plugin to install.
    expectSuccess(await scratch.stack.run(["install", "--no-plugins"]));
  });

  afterAll(async () => {
    await scratch?.remove();
  });

  it("runs up and stack output for a program reading stack config", async () => {
    await scratch.stack.setConfig("greeting", "bonjour");

    expectSuccess(await scratch.stack.up());

    expect(await scratch.stack.outputs()).toEqual({ sentence: "bonjour from go", stack: "dev" });
  });

  it("asks the engine for the plugin, at its version, of a Pulumi package among the program's modules", async () => {
    Object.assign(scratch.stack.env, { REGISTER_ABSENT_PACKAGE: "1" });

    const preview = await scratch.stack.preview();

    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain(
      `no resource plugin 'pulumi-resource-${ABSENT_PACKAGE}' found in the workspace at version v1.2.3`,
    );
  });
});
