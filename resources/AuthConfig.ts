import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { authConfigKind, type authConfigOutputs } from "../provider/kinds/authConfig";
import { secretWriteOnly } from "./dynamic/clientSecrets";
import type { AuthConfigArgs, OidcClientArgs, OidcProviderArgs, AuthConfigOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AuthConfigArgs, OidcClientArgs, OidcProviderArgs };

type AuthConfigOutputsTyped = Assert<SameNames<(typeof authConfigOutputs)[number], keyof AuthConfigOutputs>>;

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
    super(authConfigKind, name, secretWriteOnly(authConfigKind, args), opts);
  }
}
