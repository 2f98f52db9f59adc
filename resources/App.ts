import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { appKind, type appOutputs } from "../provider/kinds/app";
import type { AppArgs, AppOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AppArgs };

type AppOutputsTyped = Assert<SameNames<(typeof appOutputs)[number], keyof AppOutputs>>;

// Its outputs, derived from its shapes: `AppOutputs` in resources/types.ts.
export interface App extends Outputs<AppOutputs> {}

/** An app of the tenant (spec 2.6). */
export class App extends IdgovResource {
  constructor(name: string, args: AppArgs, opts?: pulumi.CustomResourceOptions) {
    super(appKind, name, args, opts);
  }
}
