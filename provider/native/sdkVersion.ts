import type { CheckFailure } from "../service/codecSupport";
import { packageVersion, parseSemVer } from "../version";

/** The major version of a version (`1.2.3`, `v1.2.3`, `1.2.3-alpha.1`), or undefined if it is not one. */
const majorOf = (version: string): number | undefined => parseSemVer(version)?.major;

/**
 * The check failure of a provider whose SDK is newer than this plugin by a major version. The SDKs generated from
 * the schema register every resource and provider with the `version` option (their own version, one with the
 * plugin's and the npm package's); the engine passes it to `CheckConfig` in the provider's inputs as `version`.
 * A program without an SDK (YAML, or raw registrations) sends none, and nothing is judged.
 */
export function sdkVersionFailures(requested: unknown, plugin: string = packageVersion()): CheckFailure[] {
  if (typeof requested !== "string") return [];
  const wanted = majorOf(requested);
  const have = majorOf(plugin);
  if (wanted === undefined || have === undefined || wanted <= have) return [];
  return [
    {
      property: "version",
      reason:
        `the idgov SDK of this program is version ${requested}, newer than this pulumi-resource-idgov ` +
        `(${plugin}): upgrade the plugin to ${wanted}.x (pulumi plugin install resource idgov ${requested}, with ` +
        `--server and the release's download URL or --file and its archive), or install an idgov SDK ${have}.x`,
    },
  ];
}
