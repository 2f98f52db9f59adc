/**
 * The pulumi-idgov policy pack, run by `pulumi preview --policy-pack node_modules/pulumi-idgov/policy`: the rules of
 * ./rules as `@pulumi/policy` resource policies, each advisory unless `--policy-pack-config` says otherwise.
 */
import { PolicyPack } from "@pulumi/policy";
import { stackContextFromEnv, toResourcePolicy } from "./adapter";
import { RULES } from "./rules";

const stack = stackContextFromEnv();

new PolicyPack("pulumi-idgov", {
  enforcementLevel: "advisory",
  policies: RULES.map((rule) => toResourcePolicy(rule, () => stack)),
});
