import {
  checkInputs,
  type CheckFailure,
  containsUnknown,
  createResource,
  deleteResource,
  diffResource,
  type EngineContext,
  foreignOwner,
  ownershipIn,
  OWNERSHIP_KEY,
  readResource,
  rememberSecretsOf,
  UNKNOWN,
  updateResource,
} from "../engine";
import { annotationsOf } from "../engine/stateCodec";
import { writeOnlyPaths } from "../engine/writeOnly";
import { packageVersion } from "../version";
import {
  allowsUnlistedMembers,
  type ConfigSource,
  type KindDeclaration,
  kindNamed,
  reservedAnnotationPrefix,
  type SharedConnection,
  sharedConnection,
} from "./engineAccess";
import { detailedDiff, type PropertyDiffEntry } from "./detailedDiff";
import { importedState } from "./importRead";
import { ownershipFromUrn } from "./ownership";
import { configSourceOf } from "./providerConfig";
import type { Props, Unwrapped } from "./values";

/** The token prefix of every resource and function of the package. */
export const TOKEN_PREFIX = "idgov:index:";

/** Properties and the top-level keys of them that go back to the engine as secrets. */
export interface SecretProps {
  readonly props: Props;
  readonly secretKeys: ReadonlySet<string>;
}

/** A diff as the engine reads it: the engine's answer, and each changed property. */
export interface NativeDiff {
  readonly changes: boolean;
  readonly replaces: readonly string[];
  readonly deleteBeforeReplace: boolean;
  readonly entries: readonly PropertyDiffEntry[];
}

/** Sends a warning to the engine, shown beside the resource the URN names. */
export type Warn = (urn: string, message: string) => void;

/** The kind a type token names: `idgov:index:App` is App. */
export function kindOfType(type: string): KindDeclaration {
  if (!type.startsWith(TOKEN_PREFIX)) throw new Error(`unknown resource type "${type}"`);
  return kindNamed(type.slice(TOKEN_PREFIX.length));
}

/** Keys the engine or an older SDK may add to inputs (`__defaults`); never the program's fields. */
function withoutInternalKeys(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([key]) => !key.startsWith("__")));
}

/** The top-level inputs holding write-only secrets: kept secret in what goes back, whatever the program marked. */
function secretInputKeys(kind: KindDeclaration, given: ReadonlySet<string>): Set<string> {
  return new Set([...given, ...writeOnlyPaths(kind.fields).map((path) => path.split(".")[0] as string)]);
}

/**
 * The resource operations of one configured provider, on plain values: the native door's half of what the engine
 * asks, with the ownership of each resource derived from its URN. The client is made on first use, so inputs that
 * fail `check` never need credentials.
 */
export class ResourceOperations {
  private source: ConfigSource | undefined;
  private configUnknown = false;
  private cancelled = false;
  private shared: SharedConnection | undefined;
  private readonly toolVersion = packageVersion();

  constructor(
    private readonly organization: string,
    private readonly warn: Warn,
  ) {}

  /** Takes the provider's inputs (named as the stack config keys); unknown ones (in a preview) allow no request. */
  configure(inputs: Props): void {
    this.source = configSourceOf(inputs);
    this.configUnknown = containsUnknown(inputs);
    this.shared = undefined;
  }

  /** The engine is shutting down: calls already under way finish (so their writes are recorded), no new request starts. */
  cancel(): void {
    this.cancelled = true;
  }

  private connection(): SharedConnection {
    if (this.cancelled) throw new Error("the operation was cancelled: the engine is shutting down");
    if (this.configUnknown) {
      throw new Error("the idgov provider's settings are not known yet (they depend on other resources)");
    }
    return (this.shared ??= sharedConnection(this.source));
  }

  private get ctx(): EngineContext {
    const operations = this;
    return {
      client: (operation) => operations.connection().client.labelled(operation),
      toolVersion: this.toolVersion,
      reservedPrefix: reservedAnnotationPrefix(this.source),
      get addresses() {
        return operations.connection().addresses;
      },
    };
  }

  private owned(urn: string, props: Props): Props {
    return { ...props, [OWNERSHIP_KEY]: ownershipFromUrn(urn, this.organization) };
  }

  check(urn: string, type: string, news: Unwrapped): SecretProps & { failures: CheckFailure[] } {
    const kind = kindOfType(type);
    const given = withoutInternalKeys(news.props);
    rememberSecretsOf(kind, given);
    const { inputs, failures } = checkInputs(kind, this.owned(urn, given), this.ctx.reservedPrefix, {
      allowUnlistedMembers: allowsUnlistedMembers(this.source),
    });
    const { [OWNERSHIP_KEY]: _ownership, ...props } = inputs;
    return { props, failures, secretKeys: secretInputKeys(kind, news.secretKeys) };
  }

  /**
   * Compares the program's inputs with the state. Ownership is compared once this provider has written the object:
   * an imported one is stamped with its first write, so its import shows no change.
   */
  diff(urn: string, type: string, id: string, olds: Props, news: Props, oldInputs: Props): NativeDiff {
    const kind = kindOfType(type);
    rememberSecretsOf(kind, olds);
    rememberSecretsOf(kind, news);
    const desired = ownershipIn(olds) === undefined ? news : this.owned(urn, news);
    this.warnOfTakeover(urn, kind, id, olds, desired);
    const result = diffResource(kind, id, olds, desired, this.toolVersion);
    return { ...result, entries: detailedDiff(result.changedPaths, result.replaces, oldInputs, news) };
  }

  private warnOfTakeover(urn: string, kind: KindDeclaration, id: string, olds: Props, desired: Props): void {
    const ownership = ownershipIn(desired);
    if (!kind.annotations || !ownership || desired.allowTakeover !== true) return;
    const owner = foreignOwner(annotationsOf(olds), ownership, ownershipIn(olds)?.resourceAddress);
    if (!owner) return;
    this.warn(
      urn,
      `${kind.name} "${id}" is claimed by workspace "${owner.workspace ?? "(none)"}", tool ` +
        `"${owner.tool ?? "(none)"}"; allowTakeover is set, so this stack takes it over with its next write`,
    );
  }

  /** Creates the object; in a preview, answers the inputs with every other output unknown, and sends nothing. */
  async create(
    urn: string,
    type: string,
    inputs: SecretProps,
    preview: boolean,
  ): Promise<SecretProps & { id: string }> {
    const kind = kindOfType(type);
    rememberSecretsOf(kind, inputs.props);
    if (preview) {
      const unknowns = Object.fromEntries(kind.outputs.map((name) => [name, UNKNOWN]));
      return {
        id: "",
        props: { ...unknowns, ...inputs.props },
        secretKeys: this.secretOutputs(kind, inputs),
      };
    }
    const { id, outs } = await createResource(kind, this.ctx, this.owned(urn, inputs.props));
    return { id, props: outs, secretKeys: this.secretOutputs(kind, inputs) };
  }

  /**
   * Reads the live object. Given only an id (`pulumi import`, or a program's `get`), it answers inputs that manage
   * the object as it is.
   */
  async read(
    urn: string,
    type: string,
    id: string,
    state: SecretProps,
  ): Promise<{ id: string; props: Props; inputs?: Props; secretKeys: ReadonlySet<string> }> {
    const kind = kindOfType(type);
    rememberSecretsOf(kind, state.props);
    const secretKeys = this.secretOutputs(kind, state);
    if (Object.keys(state.props).length === 0) {
      const live = await kind.api.get(this.ctx.client(`import ${kind.name} ${id}`), id);
      if (!live) return { id: "", props: {}, secretKeys };
      const ownership = ownershipFromUrn(urn, this.organization);
      const { inputs, outputs } = importedState(kind, live, ownership, this.ctx.reservedPrefix);
      return { id: live.id, props: outputs, inputs, secretKeys };
    }
    const read = await readResource(kind, this.ctx, id, state.props);
    if (read.inputs === undefined) return { id: read.id, props: read.props, secretKeys };
    const { [OWNERSHIP_KEY]: _ownership, ...inputs } = read.inputs;
    return { id: read.id, props: read.props, inputs, secretKeys };
  }

  /** Updates the object; in a preview, answers the state with the new inputs over it, and sends nothing. */
  async update(
    urn: string,
    type: string,
    id: string,
    olds: Props,
    news: SecretProps,
    preview: boolean,
  ): Promise<SecretProps> {
    const kind = kindOfType(type);
    rememberSecretsOf(kind, olds);
    rememberSecretsOf(kind, news.props);
    const secretKeys = this.secretOutputs(kind, news);
    if (preview) return { props: { ...olds, ...news.props }, secretKeys };
    const { outs } = await updateResource(kind, this.ctx, id, olds, this.owned(urn, news.props));
    return { props: outs, secretKeys };
  }

  async delete(type: string, id: string, props: Props): Promise<void> {
    const kind = kindOfType(type);
    rememberSecretsOf(kind, props);
    await deleteResource(kind, this.ctx, id, props);
  }

  /** The outputs kept secret: the kind's secret outputs, and every input the program or kind marked secret. */
  private secretOutputs(kind: KindDeclaration, inputs: SecretProps): Set<string> {
    return new Set([...kind.secretOutputs, ...secretInputKeys(kind, inputs.secretKeys)]);
  }

  /** The settings lookups use: this provider's inputs, with `IDGOV_*` variables as fallback. */
  lookupSource(): ConfigSource | undefined {
    this.connection();
    return this.source;
  }
}
