import { readFileSync } from "node:fs";
import * as path from "node:path";
import { goModuleVersion } from "../../../provider/version";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

/**
 * One small program per language, each managing one app through the released SDK (or, in YAML, the plugin alone),
 * as a user would write it after installing from the release: no `plugins:` block, no path to a clone.
 */

/** The app's display name in the program of `language`. */
export const displayName = (language: string) => `Portal (${language}, released)`;

export const YAML_PROGRAM = {
  "Pulumi.yaml": `name: released-yaml
runtime: yaml
resources:
  portal:
    type: idgov:index:App
    properties:
      displayName: ${displayName("YAML")}
      annotations:
        team: iam
outputs:
  portalId: \${portal.id}
`,
};

/** The program of docs/guides/native-provider.md that names the plugin's download URL and version. */
const GUIDE = path.join(REPO_ROOT, "docs", "guides", "native-provider.md");

/**
 * The YAML program with the resource options that let the CLI fetch the plugin itself, exactly as the guide writes
 * it, with the release's URL and version in place of the guide's.
 */
export function yamlProgramFetchingPlugin(downloadUrl: string, version: string): Record<string, string> {
  const snippet = /```yaml\n((?:.*\n)*?)\s*```/g;
  const guided = [...readFileSync(GUIDE, "utf8").matchAll(snippet)]
    .map((match) => (match[1] ?? "").replace(/^ {2}/gm, ""))
    .find((text) => text.includes("pluginDownloadURL:"));
  if (!guided) throw new Error(`${GUIDE} shows no YAML program with pluginDownloadURL`);
  const program = guided
    .replace(/^( +version: ).*$/m, `$1${version}`)
    .replace(/^( +pluginDownloadURL: ).*$/m, `$1${downloadUrl}`);
  return { "Pulumi.yaml": program };
}

export const PYTHON_PROGRAM = {
  "Pulumi.yaml": `name: released-python
runtime:
  name: python
  options:
    toolchain: pip
    virtualenv: venv
`,
  "__main__.py": `import pulumi
import pulumi_idgov as idgov

portal = idgov.App("portal", display_name="${displayName("Python")}", annotations={"team": "iam"})
pulumi.export("portalId", portal.id)
`,
};

export const TYPESCRIPT_PROGRAM = {
  "Pulumi.yaml": `name: released-typescript
runtime:
  name: nodejs
  options:
    typescript: true
`,
  "package.json": `{ "name": "released-typescript", "private": true, "main": "index.ts" }\n`,
  "index.ts": `import * as idgov from "@pulumi-idgov/idgov";

const portal = new idgov.App("portal", { displayName: "${displayName("TypeScript")}", annotations: { team: "iam" } });
export const portalId: unknown = portal.id;
`,
};

/** The Go program; its go.mod asks for the SDK module at `version`, resolved through GOPROXY. */
export function goProgram(modulePath: string, version: string): Record<string, string> {
  return {
    "Pulumi.yaml": "name: released-go\nruntime: go\n",
    "go.mod": `module example.com/released-go\n\ngo 1.25\n\nrequire (\n\t${modulePath} ${goModuleVersion(version)}\n\tgithub.com/pulumi/pulumi/sdk/v3 v3.248.0\n)\n`,
    "main.go": `package main

import (
	"${modulePath}/idgov"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := idgov.NewApp(ctx, "portal", &idgov.AppArgs{
			DisplayName: pulumi.String("${displayName("Go")}"),
			Annotations: pulumi.StringMap{"team": pulumi.String("iam")},
		})
		if err != nil {
			return err
		}
		ctx.Export("portalId", portal.ID())
		return nil
	})
}
`,
  };
}

/**
 * examples/java as a user copies it, its pom's repository the release's Maven repository at `repositoryUrl`: built
 * and run by the Java language host (`mvn compile exec:java`).
 */
export async function javaExample(repositoryUrl: string, version: string): Promise<Record<string, string>> {
  const dir = path.join(REPO_ROOT, "examples", "java");
  const files = ["Pulumi.yaml", "pom.xml", "src/main/java/myproject/Main.java"];
  const example = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(dir, file), "utf8")]));
  const pom = example["pom.xml"]!.replace(
    /(<id>pulumi-idgov<\/id>\s*<url>)[^<]*(<\/url>)/,
    `$1${repositoryUrl}$2`,
  );
  if (!pom.includes(repositoryUrl)) throw new Error("examples/java/pom.xml names no repository pulumi-idgov");
  // The release's own version of the SDK, as a user names the release they install.
  const released = pom.replace(
    /(<groupId>com\.pulumiidgov<\/groupId>\s*<artifactId>idgov<\/artifactId>\s*<version>)[^<]*(<\/version>)/,
    `$1${version}$2`,
  );
  if (!released.includes(`<version>${version}</version>`))
    throw new Error("examples/java/pom.xml names no dependency com.pulumiidgov:idgov");
  return { ...example, "pom.xml": released };
}
