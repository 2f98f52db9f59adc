import { cp } from "node:fs/promises";
import * as path from "node:path";
import { expect } from "vitest";
import { outOfBand } from "../../resources/harness/emulatorApi";
import { REPO_ROOT } from "../harness/pulumiCli";
import { checkJavaExamples } from "./referenceExamples";
import { describeSdkExample, run } from "./sdkExample";

import { mavenLocalRepository } from "../../../scripts/release/sdks";

const MVN = ["-B", "-q", "--no-transfer-progress"];

describeSdkExample("examples/java: the idgov package from sdk/java, built with Maven, under the real Pulumi CLI", {
  example: "java",
  displayName: "Portal (Java)",
  async install({ programDir, env }) {
    // The Java host runs `mvn compile exec:java`: MAVEN_OPTS reaches every Maven it starts. The project's local
    // repository: com.pulumi:pulumi and the plugins are downloaded once per machine, the SDK installed fresh each run.
    env.MAVEN_OPTS = `-Dmaven.repo.local=${mavenLocalRepository()}`;
    const sdk = path.join(path.dirname(programDir), "sdk-java");
    await cp(path.join(REPO_ROOT, "sdk", "java"), sdk, {
      recursive: true,
      filter: (file) => path.basename(file) !== "target",
    });
    // As a Java user installs a library built from source; the javadoc and sources jars are the release's concern.
    await run("mvn", [...MVN, "install", "-Dmaven.javadoc.skip=true", "-Dmaven.source.skip=true"], sdk, env);
    // Compiled once here (a compile error fails the test by itself); the host's own compile then finds it done.
    await run("mvn", [...MVN, "compile"], programDir, env);
  },
  checkReferenceExamples: ({ programDir, env }) => checkJavaExamples(path.dirname(programDir), env),
  async checkUp(outputs, emulator) {
    // The request catalog, and the lookup answered through the program's own provider instance.
    expect(outputs.lookedUpDisplayName).toBe("Portal (Java)");
    const catalog = await outOfBand(emulator, "GET", `/api/v1/catalogs/${String(outputs.catalogId)}`);
    expect(catalog).toMatchObject({
      requestCatalogView: {
        requestCatalog: { displayName: "Portal access (Java)", annotations: { team: "iam", managed_by: "pulumi" } },
      },
    });
  },
});
