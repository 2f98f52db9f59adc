import type { ApiSession } from "../../emulator/testing";
import type { ProgramEdit } from "../../testkit/example";

/** One API call as the emulator logs it: `body` is null for calls without one. */
export interface ApiCall {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body: unknown;
}

/** What the checks know when they ask an example for the calls to expect. */
export interface ExampleContext {
  /** `pulumi stack output --json` after the first `pulumi up` (secrets read "[secret]"). */
  outputs: Record<string, any>;
  /** The four ownership annotations stamped on the resource `name` of kind `kind` (e.g. "App"). */
  stamps(kind: string, name: string): Record<string, string>;
}

/** A change made outside Pulumi, and the field where it shows. */
export interface OutOfBandChange {
  /** Resource name (as in the program) and kind of the object changed. */
  resource: string;
  kind: string;
  /** The field `pulumi preview --refresh` must name. */
  field: string;
  /** The call someone makes through the API (the emulator), e.g. an edit in the admin console. */
  change(context: ExampleContext): ApiCall;
  /** The one write `pulumi up --refresh` must send to put the program's value back. */
  restore(context: ExampleContext): ApiCall;
}

/**
 * The per-example table of the end-to-end checks (issue 7): every example gets the same checks, fed by this.
 * Optional parts are checks that do not apply to an example (an example without automations has no breaker).
 */
export interface ExampleSpec {
  /** Folder under `examples/`. */
  example: string;
  /** Further stack config the example needs, plain and secret (`pulumi config set --secret`). */
  config?: Record<string, string>;
  secretConfig?: Record<string, string>;
  /**
   * The calls the program's lookups make each time the program runs (`pulumi up` runs it twice: preview, then
   * update). Calls to these routes are not counted as writes.
   */
  lookups?: ApiCall[];
  /** How many resources the first `pulumi up` creates (the stack itself included). */
  resourceCount: number;
  /** The API calls of the first `pulumi up` besides the lookups, in any order. */
  upCalls(context: ExampleContext): ApiCall[];
  /** A one-field change to the program: the resource and field it changes, and the one call it must send. */
  oneFieldChange?: {
    resource: string;
    kind: string;
    field: string;
    edit: ProgramEdit;
    call(context: ExampleContext): ApiCall;
  };
  /** An out-of-band change to a managed field. */
  drift?: OutOfBandChange;
  /** An automation whose circuit breaker trips: executions past its `circuitBreakerMax`. */
  breaker?: OutOfBandChange & { executions: number; automationId(context: ExampleContext): string };
  /** Outputs that must be secret in state, by resource name. */
  secretOutputs: Record<string, string[]>;
  /** Adopting an object another workspace owns: refused, then taken over once the program allows it. */
  takeover?: {
    resource: string;
    kind: string;
    /** API path of the contested object. */
    objectPath: string;
    /** Another workspace stamps the object: the call that does it. */
    claim: ApiCall;
    /** The error `pulumi up` must print. */
    refusal: string;
    /** The program edit that sets `allowTakeover: true`. */
    allow: ProgramEdit;
    /** The write that takes the object over. */
    takeOver(context: ExampleContext): ApiCall;
    /** Calls the refused run must not make (what depends on the contested object). */
    notSent: { method: string; path: string }[];
  };
  /** The calls of `pulumi destroy`, in any order. */
  destroyCalls(context: ExampleContext): ApiCall[];
  /** Paths that must answer 404 after `pulumi destroy`. */
  goneAfterDestroy(context: ExampleContext): string[];
  /** Further checks after `pulumi destroy` (settings left as they were, or restored), through the API. */
  afterDestroy?(api: ApiSession, context: ExampleContext): Promise<void>;
}
