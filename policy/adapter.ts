import type {
  PolicyConfigSchema,
  ReportViolation,
  ResourceValidationArgs,
  ResourceValidationPolicy,
} from "@pulumi/policy";
import { kindOfType, PROVIDER_TYPE_TOKEN } from "../provider/kinds/public";
import type { Finding, JudgedResource, Rule, StackContext } from "./rule";

/** The resource a rule judges, or undefined when `args` is no resource of its kinds (nor, if it asks, a provider). */
export function judgedResource(
  rule: Rule,
  args: Pick<ResourceValidationArgs, "type" | "name" | "props">,
): JudgedResource | undefined {
  const kind = kindOfType(args.type);
  if (kind && rule.kinds.includes(kind.name)) return { kind, name: args.name, props: args.props };
  if (rule.providers === true && args.type === PROVIDER_TYPE_TOKEN) {
    return { kind: undefined, name: args.name, props: args.props };
  }
  return undefined;
}

/** The message of one finding: the resource, the property, the rule and how to comply. */
export function violationMessage(rule: Rule, resource: JudgedResource, finding: Finding): string {
  const what = resource.kind ? resource.kind.name : "provider";
  return (
    `${what} "${resource.name}": ${finding.property} ${finding.problem}. ` +
    `To comply with ${rule.name}: ${finding.comply}.`
  );
}

/** The rule's parameters with their defaults, overridden by what the policy config sets. */
export function ruleConfig(rule: Rule, given: Record<string, unknown>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(rule.parameters))
    config[name] = given[name] ?? parameter.default;
  return config;
}

/** The stack's configuration values, from the environment the CLI's Node.js host gives a policy pack. */
export function stackContextFromEnv(env: NodeJS.ProcessEnv = process.env): StackContext {
  const text = env.PULUMI_CONFIG;
  let values: string[] = [];
  try {
    const parsed = JSON.parse(text ?? "{}") as Record<string, unknown>;
    values = Object.values(parsed).filter((value): value is string => typeof value === "string");
  } catch {
    values = [];
  }
  return { configValues: new Set(values.filter((value) => value !== "")), configKnown: text !== undefined };
}

/** The rule's parameters as the JSON schema of its policy config. */
function configSchema(rule: Rule): PolicyConfigSchema | undefined {
  const entries = Object.entries(rule.parameters);
  if (entries.length === 0) return undefined;
  const properties: PolicyConfigSchema["properties"] = {};
  for (const [name, parameter] of entries) {
    properties[name] = {
      type: parameter.type,
      description: parameter.description,
      ...(parameter.type === "array" ? { items: { type: "string" } } : {}),
    } as PolicyConfigSchema["properties"][string];
  }
  return { properties };
}

/** A rule as a resource policy of `@pulumi/policy`, advisory unless the policy config says otherwise. */
export function toResourcePolicy(rule: Rule, stack: () => StackContext): ResourceValidationPolicy {
  const schema = configSchema(rule);
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: "advisory",
    ...(schema ? { configSchema: schema } : {}),
    validateResource: (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
      const resource = judgedResource(rule, args);
      if (!resource) return;
      const config = ruleConfig(rule, args.getConfig<Record<string, unknown>>());
      for (const finding of rule.judge(resource, config, stack())) {
        reportViolation(violationMessage(rule, resource, finding), args.urn);
      }
    },
  };
}
