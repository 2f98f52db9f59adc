import { RULES } from "../../policy/rules";
import type { RuleParameter } from "../../policy/rule";
import { cell, code, codeList, GENERATED_NOTE, table } from "./markdown";

function defaultText(parameter: RuleParameter): string {
  return code(JSON.stringify(parameter.default));
}

/** `docs/reference/policy.md`: the pack's rules, what each judges and why, and their parameters. */
export function policyPage(): string {
  return [
    "# Policy pack rules",
    "",
    GENERATED_NOTE,
    "",
    "The rules of the policy pack shipped in `pulumi-idgov` (`node_modules/pulumi-idgov/policy`), generated from",
    "`policy/rules/`. Every rule is `advisory` unless the `--policy-pack-config` file sets its `enforcementLevel`",
    '(or `"all": "mandatory"`). How to enable and configure it: [the policy guide](../guides/policy.md).',
    "",
    ...table(
      ["Rule", "Kinds", "Asks", "Parameters (default)"],
      RULES.map((rule) => [
        code(rule.name),
        cell([codeList(rule.kinds), ...(rule.providers ? ["`pulumi:providers:idgov`"] : [])].join(", ")),
        cell(rule.description),
        cell(
          Object.entries(rule.parameters)
            .map(([name, parameter]) => `${code(name)} (${defaultText(parameter)})`)
            .join(", ") || "—",
        ),
      ]),
    ),
    "",
    ...RULES.flatMap((rule) => [
      `## ${rule.name}`,
      "",
      rule.description,
      "",
      `Why: ${rule.reason}`,
      "",
      `Fields read: ${Object.entries(rule.fields)
        .map(([kind, fields]) => `${kind} ${codeList(fields ?? [])}`)
        .join("; ")}.`,
      "",
      ...(Object.keys(rule.parameters).length === 0
        ? ["No parameters.", ""]
        : [
            ...table(
              ["Parameter", "Type", "Default", "Meaning"],
              Object.entries(rule.parameters).map(([name, parameter]) => [
                code(name),
                parameter.type,
                defaultText(parameter),
                cell(parameter.description),
              ]),
            ),
            "",
          ]),
    ]),
  ].join("\n");
}
