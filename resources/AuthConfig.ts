import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  entityApi,
  map,
  message,
  outputNames,
  type ResourceKind,
  scalar,
  set,
  timestamp,
  writeOnlySecret,
} from "../provider/engine";
import { apiPath } from "../provider/client/paths";
import {
  AUTH_CONFIG_PROVIDER_ONEOF,
  authConfigControlShape,
  authConfigResponseShape,
  authConfigSchema,
  authConfigWritableShape,
  oneofMembersSet,
  oneofRefinement,
  requestObject,
} from "../provider/schemas";
import { adoptionInputs, ownershipInputs, requiredUnlessAdopting } from "./dynamic/controls";
import { secretClientSecrets } from "./dynamic/clientSecrets";
import type { AuthConfigArgs, OidcClientArgs, OidcProviderArgs, AuthConfigOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AuthConfigArgs, OidcClientArgs, OidcProviderArgs };

type AuthConfigFieldsAnswered = Assert<
  Answered<typeof authConfigWritableShape, typeof authConfigResponseShape>
>;

type Json = Record<string, unknown>;

const oidcClient = { oidcClientId: scalar, oidcClientSecret: writeOnlySecret };

/** The fields of an auth config a program manages (spec 2.3), and how each compares. */
const authConfigFields = {
  displayName: scalar,
  bootstrapDomains: set,
  isDefaultBootstrap: scalar,
  deprecationDeadline: timestamp,
  deprecationMessage: scalar,
  status: scalar,
  platformLocal: message({ delegatedVerifiers: set }),
  providerHosted: message({ hostedDomains: set }),
  providerTenant: message({ tenantIds: set }),
  providerDomainA: message({ domain: scalar, ...oidcClient }),
  providerDomainB: message({ domain: scalar, ...oidcClient }),
  providerClient: message(oidcClient),
  providerEnvironment: message({ environmentId: scalar, ...oidcClient }),
  oidc: message({ issuerId: scalar, ...oidcClient, scopes: set, exactMatchClaims: map }),
} satisfies Comparisons<typeof authConfigWritableShape>;

const PROVIDER_MEMBERS = AUTH_CONFIG_PROVIDER_ONEOF.members;

/** Exactly one provider member, unless the program adopts a configuration and leaves its provider alone. */
function oneProviderMember(inputs: Json, ctx: z.RefinementCtx): void {
  if (inputs.adoptId !== undefined || oneofMembersSet(inputs, PROVIDER_MEMBERS).length > 0) return;
  ctx.addIssue({
    code: "custom",
    message: `exactly one provider member must be set (one of ${PROVIDER_MEMBERS.join(", ")}); none is`,
  });
}

/** How far the service's clock may run behind this machine's when telling a new configuration by its createdAt. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Whether a listed configuration is the one a create whose answer was lost made. Configurations carry no
 * annotations (spec 2.3), so it is told by what the program set: the same display name and provider member, created
 * no earlier than the create was sent.
 */
function madeByCreate(entity: Json, create: { inputs: Json; sentAt: number }): boolean {
  const [member] = oneofMembersSet(create.inputs, PROVIDER_MEMBERS);
  const createdAt = Date.parse(String(entity.createdAt ?? ""));
  return (
    entity.displayName === create.inputs.displayName &&
    member !== undefined &&
    oneofMembersSet(entity, PROVIDER_MEMBERS).includes(member) &&
    createdAt >= create.sentAt - CLOCK_SKEW_MS
  );
}

/** The provider member set, when it differs from the live one: the service fixes it at creation. */
function providerSwitch(desired: Json, live: Json): string[] {
  const [wanted] = oneofMembersSet(desired, PROVIDER_MEMBERS);
  const [current] = oneofMembersSet(live, PROVIDER_MEMBERS);
  if (wanted === undefined || current === undefined || wanted === current) return [];
  return [current, wanted];
}

/** @internal */
export const authConfigKind: ResourceKind = {
  name: "AuthConfig",
  fields: authConfigFields,
  inputSchema: requestObject({
    ...authConfigWritableShape,
    ...authConfigControlShape,
    adoptId: adoptionInputs.adoptId,
    ...ownershipInputs,
  })
    .superRefine(oneofRefinement(AUTH_CONFIG_PROVIDER_ONEOF))
    .superRefine(oneProviderMember)
    .superRefine(requiredUnlessAdopting("displayName")),
  replacesFor: providerSwitch,
  api: entityApi({
    collection: () => "/api/v1/auth-configs",
    item: (id) => apiPath`/api/v1/auth-configs/${id}`,
    entityKey: "authConfig",
    unwrap: (answer) => answer.authConfig as Json | undefined,
    schema: authConfigSchema,
    list: {
      path: () => "/api/v1/auth-configs",
      itemsKey: "list",
      asAnswer: (item) => ({ authConfig: item }),
      madeBy: madeByCreate,
    },
  }),
};

/** @internal */
export const authConfigOutputs = outputNames(authConfigFields, authConfigResponseShape);
type AuthConfigOutputsTyped = Assert<SameNames<(typeof authConfigOutputs)[number], keyof AuthConfigOutputs>>;

/** Salted digests of the client secrets last sent; never the secrets. A secret output. */
const SECRET_OUTPUTS = ["writeOnlyDigests", "writeOnlyValues"];

// Its outputs, derived from its shapes: `AuthConfigOutputs` in resources/types.ts.
export interface AuthConfig extends Outputs<AuthConfigOutputs> {}

/**
 * An authentication-provider configuration (spec 2.3).
 *
 * The service keeps no annotations on auth configs, so this package cannot stamp an owner on them: it cannot tell
 * whether another stack adopted the same configuration, nor refuse its writes. What it does: a refresh shows any
 * managed field that differs from what this stack last wrote as drift; destroy deletes a configuration this stack
 * created, and leaves an adopted one unless `deleteOnDestroy: true`. Adopt a configuration from one stack only.
 */
export class AuthConfig extends IdgovResource {
  constructor(name: string, args: AuthConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super("AuthConfig", name, secretClientSecrets(args), authConfigOutputs, opts, SECRET_OUTPUTS);
  }
}
