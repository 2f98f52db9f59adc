import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { appResourceKind, type appResourceOutputs } from "../provider/kinds/appResource";
import type { AppResourceArgs, AppResourceOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AppResourceArgs };

type AppResourceOutputsTyped = Assert<
  SameNames<(typeof appResourceOutputs)[number], keyof AppResourceOutputs>
>;

// Its outputs, derived from its shapes: `AppResourceOutputs` in resources/types.ts.
export interface AppResource extends Outputs<AppResourceOutputs> {}

/**
 * A manually managed resource of an app (spec 2.8), such as a repository or an agent. Its Pulumi id names the app,
 * the resource type and the resource: `app-github/rt-github-repository/res-123`.
 */
export class AppResource extends IdgovResource {
  constructor(name: string, args: AppResourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(appResourceKind, name, args, opts);
  }
}
