import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { checkPythonExamples } from "./referenceExamples";
import { describeSdkExample, MYPY, run } from "./sdkExample";
import { pythonTenantToCode } from "./tenantToCode";

describeSdkExample("examples/python: pulumi_idgov from sdk/python, under the real Pulumi CLI", {
  example: "python",
  displayName: "Portal (Python)",
  async install({ programDir, env }) {
    // As the README says: a fresh virtualenv with the program's requirements and the SDK from sdk/python.
    await run("python3", ["-m", "venv", "venv"], programDir, env);
    const pip = path.join(programDir, "venv", "bin", "pip");
    const sdk = path.join(REPO_ROOT, "sdk", "python");
    await run(pip, ["install", "--quiet", "-r", "requirements.txt", sdk, MYPY], programDir, env);
    await run(path.join(programDir, "venv", "bin", "mypy"), ["--strict", "__main__.py"], programDir, env);
  },
  checkReferenceExamples: ({ programDir, env }) => checkPythonExamples(path.join(programDir, "venv"), path.dirname(programDir), env),
  moreTests: pythonTenantToCode,
  async claimSdkVersion(programDir, version) {
    // A newer release installed: the version its _utilities.py answers (the `version` option) and its plugin file.
    const python = path.join(programDir, "venv", "bin", "python");
    const locate = "import os, pulumi_idgov; print(os.path.dirname(pulumi_idgov.__file__))";
    const packageDir = (await run(python, ["-c", locate], programDir, process.env)).trim();
    const utilities = path.join(packageDir, "_utilities.py");
    const text = await readFile(utilities, "utf8");
    await writeFile(utilities, text.replace(/^(def get_version\(\):\n\s+return )"[^"]*"/m, `$1"${version}"`));
    const plugin = path.join(packageDir, "pulumi-plugin.json");
    const manifest = JSON.parse(await readFile(plugin, "utf8")) as { version: string };
    await writeFile(plugin, JSON.stringify({ ...manifest, version }));
  },
});
