import type { PlannedChild } from "../../../provider/components";
import { typeTokenOf } from "../../../provider/kinds/tokens";
import { RULES } from "../../../policy/rules";
import { violations } from "../../policy/harness";

/** The strictest settings of the pack's parameters a team would plausibly make mandatory. */
const STRICT_CONFIG: Record<string, Record<string, unknown>> = {
  "idgov-app-approval": { requireRevokePolicy: true },
  "idgov-app-owners": { minOwners: 1 },
};

/** What the shipped pack reports over a component's children, each as the engine would hand it to the pack. */
export function packViolations(children: readonly PlannedChild[]): string[] {
  return children.flatMap((child) =>
    RULES.flatMap((rule) =>
      violations(
        rule,
        typeTokenOf(child.kind, "native"),
        { ...child.props },
        { name: child.name, config: STRICT_CONFIG[rule.name] ?? {} },
      ),
    ),
  );
}
