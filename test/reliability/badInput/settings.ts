import { SEED } from "../../../emulator";
import { type BadInput, prefixRule, rowsOf, unsafe } from "./rules";

const DURATION = 'must be a duration such as "90m", "1h30m", "2d" or "3600s"';
const cidr = (range: string) =>
  `${JSON.stringify(range)} is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)`;
const SSO_PATHS = "enabled, defaultSubjectType, defaultAssertionLifetime, defaultIdTokenSignedResponseAlg";
const XAA_PATHS =
  "enabled, defaultGrantLifetime, allowRefreshTokenSubjects, defaultSigningAlgorithm, enabledSigningAlgorithms, " +
  "xaaIdTokenLifetime";
const SESSION_PATHS = [
  "maxSessionLength",
  "externalClientsEnabled",
  "clientIdApprovalRequestPolicyId",
  ...["connector", "externalClient", "pccAdmin", "pccUser", "ssoAdmin", "ssoUser"].flatMap((role) => [
    `${role}Source.enabled`,
    `${role}Source.sourceCidr`,
  ]),
].join(", ");
const PROVIDER_MEMBERS =
  "platformLocal, providerHosted, providerTenant, providerDomainA, providerDomainB, providerClient, " +
  "providerEnvironment, oidc";
const TIMESTAMP = 'must be an RFC 3339 timestamp such as "2026-11-21T14:00:00Z"';

const sso = rowsOf("SsoSettings", {});
const xaa = rowsOf("XaaSettings", {});
const session = rowsOf("SessionSettings", {});
const authConfig = rowsOf("AuthConfig", {
  displayName: "Acme SSO",
  oidc: { issuerId: "https://login.acme.test" },
});
const appResource = rowsOf("AppResource", { ...SEED.resourceType, displayName: "acme/docs" });
const scope = rowsOf("AccessReviewScope", { accessReviewId: "ar-q3-engineering" });

/** Invalid inputs of the settings singletons, auth configs, app resources and campaign scopes. */
export const SETTINGS_BAD_INPUTS: readonly BadInput[] = [
  sso("a duration in words", { defaultAssertionLifetime: "1 hour" }, ["defaultAssertionLifetime", DURATION]),
  sso("an enumeration value without its prefix", { defaultSubjectType: "EMAIL" }, [
    "defaultSubjectType",
    prefixRule("SSO_SUBJECT_TYPE_", "EMAIL"),
  ]),
  sso("a path that is not editable", { createdAt: "2026-01-01T00:00:00Z" }, [
    "createdAt",
    `is not an editable path of the SSO settings (spec 2.11 allows ${SSO_PATHS})`,
  ]),
  sso("an editable path in snake_case", { default_subject_type: "SSO_SUBJECT_TYPE_EMAIL" }, [
    "default_subject_type",
    `is not an editable path of the SSO settings (spec 2.11 allows ${SSO_PATHS}); write defaultSubjectType`,
  ]),
  xaa("a duration without a unit", { xaaIdTokenLifetime: "abc" }, ["xaaIdTokenLifetime", DURATION]),
  xaa("a negative lifetime", { defaultGrantLifetime: "-30m" }, [
    "defaultGrantLifetime",
    'must be a positive duration such as "90m" or "12h" (a lifetime is longer than zero)',
  ]),
  xaa("a signing algorithm without its prefix", { enabledSigningAlgorithms: ["RS256"] }, [
    "enabledSigningAlgorithms[0]",
    prefixRule("XAA_SIGNING_ALGORITHM_", "RS256"),
  ]),
  xaa("a list given as one value", { enabledSigningAlgorithms: "XAA_SIGNING_ALGORITHM_RS256" }, [
    "enabledSigningAlgorithms",
    "Invalid input: expected array, received string",
  ]),
  xaa("a read-only path", { updatedAt: "2026-01-01T00:00:00Z" }, [
    "updatedAt",
    `is not an editable path of the cross-app-access settings (spec 2.11 allows ${XAA_PATHS})`,
  ]),
  session("a duration without a unit", { maxSessionLength: "12" }, ["maxSessionLength", DURATION]),
  session("an IPv4 prefix over 32", { ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/33"] } }, [
    "ssoAdminSource.sourceCidr[0]",
    cidr("10.0.0.0/33"),
  ]),
  session(
    "an IPv4 octet over 255, named by its index",
    { ssoAdminSource: { sourceCidr: ["10.0.0.0/8", "10.0.0.300/24"] } },
    ["ssoAdminSource.sourceCidr[1]", cidr("10.0.0.300/24")],
  ),
  session("an IPv6 prefix over 128", { pccUserSource: { sourceCidr: ["2001:db8::/129"] } }, [
    "pccUserSource.sourceCidr[0]",
    cidr("2001:db8::/129"),
  ]),
  session("a range that is not a CIDR", { connectorSource: { sourceCidr: ["office"] } }, [
    "connectorSource.sourceCidr[0]",
    cidr("office"),
  ]),
  session(
    "a read-only path",
    { clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_ALLOW" },
    [
      "clientIdMetadataDocumentPolicy",
      `is not an editable path of the session settings (spec 2.11 allows ${SESSION_PATHS})`,
    ],
  ),
  authConfig(
    "an OIDC client secret that is not a string",
    { oidc: { issuerId: "https://login.acme.test", oidcClientSecret: 7 } },
    ["oidc.oidcClientSecret", "Invalid input: expected string, received number"],
  ),
  authConfig("no provider member", { oidc: undefined }, [
    "",
    `exactly one provider member must be set (one of ${PROVIDER_MEMBERS}); none is`,
  ]),
  authConfig("two provider members", { providerClient: { oidcClientId: "c" } }, [
    "",
    `at most one of ${PROVIDER_MEMBERS} may be set (got: providerClient, oidc)`,
  ]),
  authConfig("a malformed timestamp", { deprecationDeadline: "tomorrow" }, [
    "deprecationDeadline",
    TIMESTAMP,
  ]),
  authConfig(
    "a verifier without its prefix",
    { oidc: undefined, platformLocal: { delegatedVerifiers: ["X"] } },
    ["platformLocal.delegatedVerifiers[0]", prefixRule("DELEGATED_VERIFIER_TYPE_", "X")],
  ),
  authConfig("annotations, which auth configs do not have", { annotations: { team: "iam" } }, [
    "annotations",
    "is not a known field",
  ]),
  authConfig("a read-only field", { providerType: "AUTH_CONFIG_PROVIDER_TYPE_OIDC" }, [
    "providerType",
    "is not a known field",
  ]),
  appResource(
    "no app and resource type",
    { appId: undefined, appResourceTypeId: undefined },
    ["appId", "is required (it names where the resource lives)"],
    ["appResourceTypeId", "is required (it names where the resource lives)"],
  ),
  appResource("a malformed trait timestamp", { secretTrait: { secretExpiresAt: "soon" } }, [
    "secretTrait.secretExpiresAt",
    TIMESTAMP,
  ]),
  appResource("a value with an angle bracket", { annotations: { team: "<docs>" } }, [
    "annotations.team",
    unsafe("<"),
  ]),
  scope("no campaign", { accessReviewId: undefined }, [
    "accessReviewId",
    "is required (the id of an existing campaign)",
  ]),
  scope("two members of the oneof users_scope", { scopeV2: { allUsers: {}, userCriteria: {} } }, [
    "scopeV2",
    "at most one of allUsers, selectedUsers, userCriteria, celExpression may be set (got: allUsers, userCriteria)",
  ]),
  scope("an entitlement selector without its entitlement", { entitlements: [{ appId: "app-github" }] }, [
    "entitlements[0].appEntitlementId",
    "Invalid input: expected string, received undefined",
  ]),
  scope("a malformed duration", { scopeV2: { grantsByCriteria: { daysSinceAdded: "often" } } }, [
    "scopeV2.grantsByCriteria.daysSinceAdded",
    'must be a protobuf duration in seconds such as "3600s" or "1.5s"',
  ]),
  scope("an account type without its prefix", { scopeV2: { accountCriteria: { accountTypes: ["HUMAN"] } } }, [
    "scopeV2.accountCriteria.accountTypes[0]",
    prefixRule("APP_USER_TYPE_", "HUMAN"),
  ]),
];
