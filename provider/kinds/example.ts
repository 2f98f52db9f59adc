/** A secret read from the stack's config (`pulumi config set --secret NAME …`), never a literal. */
export interface SecretConfig {
  readonly secretConfig: string;
}

/** A value of an example: what JSON holds, or a secret from the stack's config. Enum members by their value. */
export type ExampleValue =
  | string
  | number
  | boolean
  | SecretConfig
  | readonly ExampleValue[]
  | { readonly [key: string]: ExampleValue };

/** One program: a variable for the resource or the function's result, its inputs, and its exports. */
export interface ProgramExample {
  /** The variable's name (lower camel case), and the resource's logical name unless `resourceName` is given. */
  readonly variable: string;
  readonly resourceName?: string;
  readonly inputs: Readonly<Record<string, ExampleValue>>;
  /** Stack output name → output property of the resource or result (`id` for a resource's id). */
  readonly exports: Readonly<Record<string, string>>;
}

/**
 * The example on a kind's reference pages, against the emulator's seeded tenant: a complete TypeScript program
 * fragment for the dynamic door (the docs test type-checks it), and the same resource as data, which
 * `scripts/docs/native/languages.ts` writes in every language of the schema's SDKs (an e2e test compiles each).
 */
export interface KindExample {
  readonly typescript: string;
  readonly program: ProgramExample;
}
