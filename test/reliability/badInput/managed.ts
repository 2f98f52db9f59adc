import { SEED } from "../../../emulator";
import { type BadInput, KEY_PATTERN, oversizeRule, prefixRule, rowsOf, unsafe } from "./rules";

const LONG_KEY = `k${"e".repeat(128)}`;
const step = { stepName: "wait", waitForDuration: { duration: "60s" } };

/** Twelve user annotations of 128-character keys and 256-character values: 12 + 4 stamped keys, over 4096 bytes. */
const HEAVY_ANNOTATIONS = Object.fromEntries(
  Array.from({ length: 12 }, (_, index) => [
    `k${String(index).padStart(2, "0")}${"k".repeat(125)}`,
    "v".repeat(256),
  ]),
);

const app = rowsOf("App", { displayName: "Payroll" });
const catalog = rowsOf("RequestCatalog", { displayName: "Engineering" });
const automation = rowsOf("Automation", { displayName: "Onboarding", appId: SEED.apps[0]!.id });

/** Invalid inputs of App, RequestCatalog and Automation, each caught by check before any request. */
export const MANAGED_BAD_INPUTS: readonly BadInput[] = [
  app("displayName is required", { displayName: undefined }, [
    "displayName",
    "is required (unless adoptId is set)",
  ]),
  app("displayName may not be empty", { displayName: "" }, [
    "displayName",
    "is required (unless adoptId is set)",
  ]),
  app("an unknown field", { colour: "red" }, ["colour", "is not a known field"]),
  app("a read-only field", { userCount: "3" }, ["userCount", "is not a known field"]),
  app("a name that is not a string", { displayName: 42 }, [
    "displayName",
    "Invalid input: expected string, received number",
  ]),
  app("an access model without its prefix", { accessModel: "CLASSIC" }, [
    "accessModel",
    prefixRule("APP_ACCESS_MODEL_", "CLASSIC"),
  ]),
  app("a number as a string", { monthlyCostUsd: "100" }, ["monthlyCostUsd", "must be a number (int32)"]),
  app("a fraction in an int32 field", { monthlyCostUsd: 12.5 }, [
    "monthlyCostUsd",
    "must be a whole number (int32)",
  ]),
  app("a boolean as a string", { isManuallyManaged: "true" }, [
    "isManuallyManaged",
    "Invalid input: expected boolean, received string",
  ]),
  app("a nested field of the wrong type", { appUserMapper: { mappingCases: [{ userKeyCel: 5 }] } }, [
    "appUserMapper.mappingCases[0].userKeyCel",
    "Invalid input: expected string, received number",
  ]),
  app(
    "an unknown nested field",
    { matchConnectorRef: { appId: "a", connectorId: "c", externalId: "e", colour: "b" } },
    ["matchConnectorRef.colour", "is not a known field"],
  ),
  app("an empty adoptId", { adoptId: "" }, ["adoptId", "is empty: must be an object id"]),
  app("allowTakeover as a string", { allowTakeover: "yes" }, [
    "allowTakeover",
    "Invalid input: expected boolean, received string",
  ]),
  app(
    "at most 16 annotations, counting the 4 stamped ones",
    { annotations: Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`tag${index}`, "v"])) },
    [
      "annotations",
      "the program sets 13 annotations; at most 12 are allowed, because an object holds at most 16 and pulumi-idgov stamps 4 (managed_by, iac_workspace, iac_resource_address, iac_tool_version)",
    ],
  ),
  app("a key starting with a digit", { annotations: { "1team": "iam" } }, [
    "annotations.1team",
    `annotation key "1team" does not match ${KEY_PATTERN}`,
  ]),
  app("a key with a space", { annotations: { "team name": "iam" } }, [
    "annotations.team name",
    `annotation key "team name" does not match ${KEY_PATTERN}`,
  ]),
  app("a key of 129 characters", { annotations: { [LONG_KEY]: "iam" } }, [
    `annotations.${LONG_KEY}`,
    `annotation key "${LONG_KEY}" is 129 characters; keys are 1 to 128 characters`,
  ]),
  app("a value of 257 characters", { annotations: { team: "v".repeat(257) } }, [
    "annotations.team",
    'annotation "team" value is 257 characters; the limit is 256',
  ]),
  app("a value with a space", { annotations: { team: "identity team" } }, ["annotations.team", unsafe(" ")]),
  app("a value with a double quote", { annotations: { team: 'say"hi' } }, ["annotations.team", unsafe('"')]),
  app("a value with a percent sign", { annotations: { team: "100%" } }, ["annotations.team", unsafe("%")]),
  app("a value with a non-ASCII character", { annotations: { team: "équipe" } }, [
    "annotations.team",
    unsafe("é"),
  ]),
  app("a value with braces", { annotations: { team: "{iam}" } }, ["annotations.team", unsafe("{")]),
  app("annotations over 4096 bytes", { annotations: HEAVY_ANNOTATIONS }, [
    "annotations",
    // 4883 bytes with the dynamic door's stamps (a 27-character workspace, a 68-character URN).
    oversizeRule(4788),
  ]),
  app("a key with the reserved prefix", { annotations: { "c1/owner": "iam" } }, [
    "annotations.c1/owner",
    'annotation key "c1/owner" uses the reserved prefix "c1/"',
  ]),
  app("a stamped ownership key", { annotations: { managed_by: "terraform" } }, [
    "annotations.managed_by",
    "is stamped by pulumi-idgov (ownership annotation); remove it from the program",
  ]),
  app("an annotation value that is not a string", { annotations: { team: 5 } }, [
    "annotations.team",
    "Invalid input: expected string, received number",
  ]),
  catalog("an enumeration value that is not a string", { enrollmentBehavior: 42 }, [
    "enrollmentBehavior",
    "must be a string (enumeration value)",
  ]),
  catalog("an enumeration value without its prefix", { enrollmentBehavior: "BYPASS" }, [
    "enrollmentBehavior",
    prefixRule("REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_", "BYPASS"),
  ]),
  catalog(
    "a member of another enumeration",
    { unenrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY" },
    [
      "unenrollmentBehavior",
      prefixRule(
        "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_",
        "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY",
      ),
    ],
  ),
  catalog(
    "an enumeration given as a list",
    { unenrollmentBehavior: ["REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_LEAVE_ACCESS_AS_IS"] },
    ["unenrollmentBehavior", "must be a string (enumeration value)"],
  ),
  catalog("a boolean as a string", { published: "yes" }, [
    "published",
    "Invalid input: expected boolean, received string",
  ]),
  catalog("an entitlement without its id", { accessEntitlements: [{ appId: "app-github" }] }, [
    "accessEntitlements[0].id",
    "Invalid input: expected string, received undefined",
  ]),
  catalog(
    "an entitlement with an unknown field",
    { accessEntitlements: [{ appId: "a", id: "b", alias: "c" }] },
    ["accessEntitlements[0].alias", "is not a known field"],
  ),
  catalog("entitlements that are not a list", { accessEntitlements: "all" }, [
    "accessEntitlements",
    "Invalid input: expected array, received string",
  ]),
  catalog("displayName is required", { displayName: undefined, description: "no name" }, [
    "displayName",
    "is required (unless adoptId is set)",
  ]),
  catalog("a read-only field", { memberCount: "11" }, ["memberCount", "is not a known field"]),
  catalog("a value with a vertical bar", { annotations: { team: "a|b" } }, ["annotations.team", unsafe("|")]),
  automation("an enumeration value that is not a string", { circuitBreakerPeriod: true }, [
    "circuitBreakerPeriod",
    "must be a string (enumeration value)",
  ]),
  automation("an enumeration value without its prefix", { circuitBreakerPeriod: "HOURLY" }, [
    "circuitBreakerPeriod",
    prefixRule("CIRCUIT_BREAKER_PERIOD_", "HOURLY"),
  ]),
  automation("a member of another enumeration", { circuitBreakerPeriod: "TRIGGER_TYPE_WEBHOOK" }, [
    "circuitBreakerPeriod",
    prefixRule("CIRCUIT_BREAKER_PERIOD_", "TRIGGER_TYPE_WEBHOOK"),
  ]),
  automation("a negative uint32", { circuitBreakerMax: -1 }, [
    "circuitBreakerMax",
    "must be 0 or more (uint32)",
  ]),
  automation("a fractional uint32", { circuitBreakerMax: 1.5 }, [
    "circuitBreakerMax",
    "must be a whole number (uint32)",
  ]),
  automation("a step with no kind", { automationSteps: [{ stepName: "nothing" }] }, [
    "automationSteps[0]",
    "a step must set exactly one member of oneof kind (none set)",
  ]),
  automation(
    "a step with an unknown field and no kind",
    { automationSteps: [{ name: "s" }] },
    ["automationSteps[0].name", "is not a known field"],
    ["automationSteps[0]", "a step must set exactly one member of oneof kind (none set)"],
  ),
  automation(
    "a step with two members of oneof kind",
    { automationSteps: [{ stepName: "both", sendEmail: {}, webhook: {} }] },
    ["automationSteps[0]", "only one member of oneof kind may be set; got sendEmail and webhook"],
  ),
  automation(
    "a draft step with no kind, named by its index",
    { draftAutomationSteps: [step, { stepName: "b" }] },
    ["draftAutomationSteps[1]", "a step must set exactly one member of oneof kind (none set)"],
  ),
  automation(
    "a misspelled step kind",
    { automationSteps: [{ stepName: "typo", sendEmial: {} }] },
    ["automationSteps[0].sendEmial", "is not a known field"],
    ["automationSteps[0]", "a step must set exactly one member of oneof kind (none set)"],
  ),
  automation("steps that are not a list", { automationSteps: step }, [
    "automationSteps",
    "Invalid input: expected array, received object",
  ]),
  automation("a trigger that is not an object", { triggers: ["userCreated"] }, [
    "triggers[0]",
    "Invalid input: expected record, received string",
  ]),
  automation("a context that is not an object", { context: "ctx" }, [
    "context",
    "Invalid input: expected object, received string",
  ]),
  automation("a context without its inner context member", { context: { region: "eu" } }, [
    "context.region",
    "is not a known field",
  ]),
  automation("a boolean as a number", { enabled: 1 }, [
    "enabled",
    "Invalid input: expected boolean, received number",
  ]),
  automation("displayName is required", { displayName: undefined }, [
    "displayName",
    "is required (unless adoptId is set)",
  ]),
  automation("a read-only field", { currentVersion: "3" }, ["currentVersion", "is not a known field"]),
  automation("a once-answered output as an input", { webhookHmacSecret: "s" }, [
    "webhookHmacSecret",
    "is not a known field",
  ]),
  automation("a step name that is not a string", { automationSteps: [{ ...step, stepName: 5 }] }, [
    "automationSteps[0].stepName",
    "Invalid input: expected string, received number",
  ]),
  automation("a value with a backslash", { annotations: { team: "a\\b" } }, [
    "annotations.team",
    unsafe("\\"),
  ]),
];
