import { materialize } from "../models/materialize";
import { SESSION_SETTINGS_MODEL, SSO_SETTINGS_MODEL, XAA_SETTINGS_MODEL } from "../models/settings";
import type { JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";

/** Tenant settings singletons with realistic defaults (also the defaults of an unseeded tenant). */
export function seedSettings(): TenantState["settings"] {
  const sso = materialize(
    {
      enabled: true,
      defaultAssertionLifetime: "300s",
      defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
      defaultIdTokenSignedResponseAlg: "OIDC_SIGNING_ALGORITHM_RS256",
      createdAt: seedTime(-365),
      updatedAt: seedTime(-40),
    },
    SSO_SETTINGS_MODEL,
  );
  const xaa = materialize(
    {
      enabled: false,
      allowRefreshTokenSubjects: false,
      defaultGrantLifetime: "3600s",
      xaaIdTokenLifetime: "300s",
      defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_RS256",
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_RS256", "XAA_SIGNING_ALGORITHM_ES256"],
      createdAt: seedTime(-365),
      updatedAt: seedTime(-365),
    },
    XAA_SETTINGS_MODEL,
  );
  const closed = { enabled: false, sourceCidr: [] };
  const session = materialize(
    {
      maxSessionLength: "43200s",
      externalClientsEnabled: false,
      clientIdApprovalRequestPolicyId: "",
      clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_REQUESTABLE",
      connectorSource: closed,
      externalClientSource: closed,
      pccAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "192.168.100.0/24"] },
      pccUserSource: closed,
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
      ssoUserSource: closed,
    },
    SESSION_SETTINGS_MODEL,
  );
  return { sso, xaa, session };
}

const CATEGORIES = [
  "accessProvisioned",
  "approvalNeeded",
  "commentOnRequest",
  "completion",
  "connectorIssues",
  "expiringAccess",
  "provisioningRequest",
  "requestCreated",
  "reviews",
  "system",
  "taskReminders",
] as const;

function channel(enabled: boolean, locked: readonly string[], configured: boolean | undefined): JsonObject {
  const settings: JsonObject = { enabled };
  if (configured !== undefined) settings["isConfigured"] = configured;
  for (const category of CATEGORIES) {
    settings[category] = { enabled: enabled && category !== "completion", locked: locked.includes(category) };
  }
  settings["digest"] = {
    enabled: enabled,
    locked: false,
    frequency: "DIGEST_FREQUENCY_WEEKLY",
    dayOfWeek: "WEEKDAY_MONDAY",
  };
  return settings;
}

/** The calling user's notification preferences merged with organization defaults (spec 2.16). */
export function seedUserNotificationSettings(): JsonObject {
  return {
    channelSettings: {
      email: channel(true, ["approvalNeeded", "reviews"], undefined),
      chatChannelA: channel(true, [], true),
      chatChannelB: {
        ...channel(false, [], false),
        digest: {
          enabled: false,
          locked: true,
          frequency: "DIGEST_FREQUENCY_DAILY",
          dayOfWeek: "WEEKDAY_UNSPECIFIED",
        },
      },
    },
  };
}
