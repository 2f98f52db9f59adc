/** What a planned change does to its object, as `pulumi preview` plans it. */
export type ImpactOperation = "create" | "update" | "replace" | "delete";

/** One planned change of one resource: what the impact of a change is computed from. */
export interface PlannedChange {
  /** The kind's type name: `App`, `RequestCatalog`, `SessionSettings`. */
  readonly kind: string;
  readonly operation: ImpactOperation;
  /** Dotted paths of the managed fields that change (`visibleToEveryone`, `ssoAdminSource.sourceCidr`). */
  readonly changedPaths: readonly string[];
  /** The program's inputs before the change (absent for a create). */
  readonly oldInputs?: Readonly<Record<string, unknown>>;
  /** The program's inputs after the change (absent for a delete). */
  readonly newInputs?: Readonly<Record<string, unknown>>;
  /** The object's id in the tenant (absent for a create). */
  readonly id?: string;
  /** How reports name the resource: its Pulumi name. @default the id */
  readonly name?: string;
  /** The resource's URN, when the change comes from a Pulumi plan. */
  readonly urn?: string;
}

/** Who one planned change touches. */
export interface Impact {
  /** The object: `App salesforce (app-salesforce)`. */
  readonly object: string;
  /** What changes: `delete`, `visibleToEveryone: true → false`. */
  readonly change: string;
  /** How many it touches, as the tenant says; "unknown" when the service cannot say. */
  readonly count: number | "unknown";
  /**
   * Who gains or loses access, and what they gain or lose, led by the count when the tenant gives one (`230 users
   * lose the app (App.userCount)`); when it is unknown, why.
   */
  readonly meaning: string;
  /** Whether the change reaches every user of the tenant. */
  readonly tenantWide: boolean;
  readonly kind: string;
  readonly urn?: string;
}
