import type { KindExample } from "./example";
import type { z } from "zod";
import {
  type Answered,
  type Assert,
  type Comparisons,
  entityApi,
  map,
  message,
  outputNames,
  scalar,
  set,
  timestamp,
  writeOnlySecret,
} from "../engine";
import { apiPath } from "../client/paths";
import {
  type Json,
  AUTH_CONFIG_PROVIDER_ONEOF,
  authConfigControlShape,
  authConfigResponseShape,
  authConfigSchema,
  authConfigWritableShape,
  oneofMembersSet,
  oneofRefinement,
  requestObject,
} from "../schemas";
import { adoptionInputs } from "./controls";
import { declareKind } from "./declaration";

type AuthConfigFieldsAnswered = Assert<
  Answered<typeof authConfigWritableShape, typeof authConfigResponseShape>
>;

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

/** The outputs of an auth config: `AuthConfigOutputs` in resources/types.ts. */
export const authConfigOutputs = outputNames(authConfigFields, authConfigResponseShape);

/** Salted digests of the client secrets last sent; never the secrets. Secret outputs. */
const SECRET_OUTPUTS = ["writeOnlyDigests", "writeOnlyValues"];

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import * as pulumi from "@pulumi/pulumi";
import { AuthConfig } from "pulumi-idgov";

const config = new pulumi.Config();
new AuthConfig("workforce-sign-in", {
  displayName: "Workforce sign-in",
  bootstrapDomains: ["acme.example.com"],
  oidc: {
    issuerId: "https://login.acme.example.com",
    oidcClientId: "idgov-workforce",
    oidcClientSecret: config.requireSecret("workforceOidcClientSecret"),
    scopes: ["openid", "email"],
  },
});`,
  program: {
    variable: "workforceSignIn",
    inputs: {
      displayName: "Workforce sign-in",
      bootstrapDomains: ["acme.example.com"],
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov-workforce",
        oidcClientSecret: { secretConfig: "workforceOidcClientSecret" },
        scopes: ["openid", "email"],
      },
    },
    exports: { authConfigId: "id" },
  },
};

export const authConfigKind = declareKind({
  name: "AuthConfig",
  example,
  description: "An authentication-provider configuration (spec 2.3).",
  listing: "list",
  fields: authConfigFields,
  inputs: requestObject({
    ...authConfigWritableShape,
    ...authConfigControlShape,
    adoptId: adoptionInputs.adoptId,
  })
    .superRefine(oneofRefinement(AUTH_CONFIG_PROVIDER_ONEOF))
    .superRefine(oneProviderMember),
  requiredUnlessAdopting: ["displayName"],
  outputs: authConfigOutputs,
  outputShape: authConfigResponseShape,
  secretOutputs: SECRET_OUTPUTS,
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
});
