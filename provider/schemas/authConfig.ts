import { z } from "zod";
import { AUTH_CONFIG_PROVIDER_TYPES, AUTH_CONFIG_STATUSES, DELEGATED_VERIFIER_TYPES } from "./enums";
import { fieldLists } from "./fields";
import { oneofRefinement, type OneofGroup } from "./oneof";
import {
  openEnum,
  requestEnum,
  requestObject,
  responseTimestamp,
  stringList,
  timestamp,
  responseObject,
} from "./primitives";

/** The AuthConfig oneof `provider_config` (spec 2.3), including the hosted-domains member. */
export const AUTH_CONFIG_PROVIDER_ONEOF: OneofGroup = {
  name: "provider_config",
  members: [
    "platformLocal",
    "providerHosted",
    "providerTenant",
    "providerDomainA",
    "providerDomainB",
    "providerClient",
    "providerEnvironment",
    "oidc",
  ],
};

const text = z.string().optional();
/** An OIDC client registered with the provider; each comment is the TSDoc of the field in `OidcClientArgs`. */
export const oidcClientShape = {
  oidcClientId: text,
  /**
   * The client secret: always registered as a secret input. The service never answers it, so it never shows as
   * drift; state keeps only a salted digest of it, and it is sent only when it changes.
   */
  oidcClientSecret: text,
};
const oidcClient = oidcClientShape;

/** Field shapes of the provider members (spec 2.3), wrapped loose for responses and exact for requests. */
export const providerShapes = {
  platformLocal: { delegatedVerifiers: z.array(openEnum(DELEGATED_VERIFIER_TYPES)).optional() },
  providerHosted: { hostedDomains: stringList.optional() },
  providerTenant: { tenantIds: stringList.optional() },
  providerDomainA: { domain: text, ...oidcClient },
  providerDomainB: { domain: text, ...oidcClient },
  providerClient: oidcClient,
  providerEnvironment: { environmentId: text, ...oidcClient },
  oidc: {
    issuerId: text,
    ...oidcClient,
    /** A set: order does not matter. */
    scopes: stringList.optional(),
    exactMatchClaims: z.record(z.string(), z.string()).optional(),
  },
};

/** The auth-config fields the service answers (spec 2.3). */
export const authConfigResponseShape = {
  id: z.string().optional(),
  displayName: z.string().optional(),
  bootstrapDomains: stringList.optional(),
  isDefaultBootstrap: z.boolean().optional(),
  deprecationDeadline: responseTimestamp,
  deprecationMessage: z.string().optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  /** Set by the service from the provider member, e.g. `AUTH_CONFIG_PROVIDER_TYPE_OIDC`. */
  providerType: openEnum(AUTH_CONFIG_PROVIDER_TYPES).optional(),
  status: openEnum(AUTH_CONFIG_STATUSES).optional(),
  platformLocal: responseObject(providerShapes.platformLocal).nullish(),
  /** `additionalHostedDomains` is returned on read only. */
  providerHosted: responseObject({
    ...providerShapes.providerHosted,
    additionalHostedDomains: stringList.optional(),
  }).nullish(),
  providerTenant: responseObject(providerShapes.providerTenant).nullish(),
  providerDomainA: responseObject(providerShapes.providerDomainA).nullish(),
  providerDomainB: responseObject(providerShapes.providerDomainB).nullish(),
  providerClient: responseObject(providerShapes.providerClient).nullish(),
  providerEnvironment: responseObject(providerShapes.providerEnvironment).nullish(),
  oidc: responseObject(providerShapes.oidc).nullish(),
};

/** An authentication-provider configuration as the service returns it (spec 2.3). */
export const authConfigSchema = responseObject(authConfigResponseShape).superRefine(
  oneofRefinement(AUTH_CONFIG_PROVIDER_ONEOF),
);
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * What a program sets beside the fields of an auth config; each comment is the TSDoc of the field in
 * `AuthConfigArgs`. Check holds `adoptId` to the rules of every adopted id.
 */
export const authConfigControlShape = {
  /**
   * The id of an existing configuration to take under management instead of creating one. Auth configs carry no
   * annotations, so adoption cannot see whether another stack manages it, and there is no `allowTakeover`.
   */
  adoptId: z.string().optional(),
  /**
   * Whether `pulumi destroy` deletes the configuration. @default true for one this stack created, false for an
   * adopted one (destroy then leaves it, since another stack or person may still rely on it)
   */
  deleteOnDestroy: z.boolean().optional(),
};

/**
 * The settable auth-config fields, shared by create (flat) and update (`authConfig`); each comment is the TSDoc of the
 * field in `AuthConfigArgs`.
 */
export const authConfigWritableShape = {
  /** Required, unless `adoptId` names an existing configuration. */
  displayName: z.string().optional(),
  /** A set: order does not matter. */
  bootstrapDomains: stringList.optional(),
  isDefaultBootstrap: z.boolean().optional(),
  /** RFC 3339, e.g. `"2027-03-01T00:00:00Z"`; compared as an instant. */
  deprecationDeadline: timestamp.optional(),
  deprecationMessage: z.string().optional(),
  /** `AUTH_CONFIG_STATUS_ACTIVE`, `_DEPRECATED` or `_DISABLED`; sent by the create and by updates. */
  status: requestEnum(AUTH_CONFIG_STATUSES).optional(),
  /** Provider members: set exactly one. Moving to another member replaces the configuration. */
  platformLocal: requestObject({
    delegatedVerifiers: z.array(requestEnum(DELEGATED_VERIFIER_TYPES)).optional(),
  }).optional(),
  providerHosted: requestObject(providerShapes.providerHosted).optional(),
  providerTenant: requestObject(providerShapes.providerTenant).optional(),
  providerDomainA: requestObject(providerShapes.providerDomainA).optional(),
  providerDomainB: requestObject(providerShapes.providerDomainB).optional(),
  providerClient: requestObject(providerShapes.providerClient).optional(),
  providerEnvironment: requestObject(providerShapes.providerEnvironment).optional(),
  oidc: requestObject(providerShapes.oidc).optional(),
};

/**
 * The auth-config fields a client may set in an update (`{authConfig, updateMask}`). Exact; at most
 * one provider member. The provider type is fixed at creation (reference 4).
 */
export const authConfigWritableSchema = requestObject(authConfigWritableShape).superRefine(
  oneofRefinement(AUTH_CONFIG_PROVIDER_ONEOF),
);
export type AuthConfigWritable = z.infer<typeof authConfigWritableSchema>;

const authConfigFields = fieldLists(authConfigResponseShape, authConfigWritableShape);
/** Auth-config fields a client may set. */
export const AUTH_CONFIG_WRITABLE_FIELDS = authConfigFields.writable;
/** Auth-config fields returned on read but not settable. */
export const AUTH_CONFIG_READ_ONLY_FIELDS = authConfigFields.readOnly;
