import type { ResourceValidationArgs } from "@pulumi/policy";
import { unknownCheckingProxy } from "@pulumi/policy";
import { ruleConfig, toResourcePolicy } from "../../policy/adapter";
import type { Rule, StackContext } from "../../policy/rule";

/** The engine's sentinel for a string unknown during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** What the pack reports for one resource: the messages of `@pulumi/policy`'s reportViolation. */
export function violations(
  rule: Rule,
  type: string,
  props: Record<string, unknown>,
  options: { config?: Record<string, unknown>; stack?: StackContext; name?: string } = {},
): string[] {
  const stack = options.stack ?? { configValues: new Set<string>(), configKnown: true };
  const policy = toResourcePolicy(rule, () => stack);
  const name = options.name ?? "subject";
  const args = {
    type,
    name,
    urn: `urn:pulumi:dev::p::${type}::${name}`,
    props: unknownCheckingProxy(props),
    opts: {} as ResourceValidationArgs["opts"],
    stackTags: new Map<string, string>(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => (options.config ?? {}) as T,
    notApplicable: (reason?: string) => {
      throw new Error(`not applicable: ${reason}`);
    },
  } as unknown as ResourceValidationArgs;
  const found: string[] = [];
  const validate = policy.validateResource as (
    args: ResourceValidationArgs,
    report: (message: string, urn?: string) => void,
  ) => void;
  validate(args, (message) => found.push(message));
  return found;
}

export { ruleConfig };
