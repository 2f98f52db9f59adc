import type { ConfigSource } from "../client/config";
import { sharedConnection } from "../client/sharedClient";
import {
  type CheckFailure,
  containsUnknown,
  foreignOwner,
  type Ownership,
  type DecodedProps,
  decodeProps,
  rememberSecretsOf,
  UNKNOWN,
} from "../engine";
import { annotationsOf } from "../engine/stateCodec";
import { writeOnlyPaths } from "../engine/writeOnly";
import type { KindDeclaration } from "../kinds";
import { detailedDiff } from "./detailedDiff";
import { importRead, withImportedStampsPending } from "./importRead";
import type { InvokeAnswer } from "./invoke";
import { type ListAsk, type ListPage, listPage } from "./listPage";
import type { LookupEntry } from "./lookupTable";
import { PreviewImpacts } from "./previewImpact";
import { configSourceOf } from "./providerConfig";
import { ProviderSettings } from "./providerSettings";
import type { Props } from "../engine";
import type { ReadAnswer, SecretProps, ServiceDiff, Warn } from "./answers";

export type { ReadAnswer, SecretProps, ServiceDiff, Warn } from "./answers";

/** Keys the engine or an older SDK may add to inputs (`__defaults`); never the program's fields. */
function withoutInternalKeys(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([key]) => !key.startsWith("__")));
}

/** The paths kept secret in what goes back: those the program marked, and the kind's write-only secrets. */
function secretInputKeys(kind: KindDeclaration, given: ReadonlySet<string>): Set<string> {
  return new Set([...given, ...writeOnlyPaths(kind.fields)]);
}

/**
 * The application core of one configured provider instance, on plain values, whichever door calls it: configure
 * (resolved once), check, diff, create, read, update, delete, import-read, list, invoke, cancel, and the impact of a
 * planned change. Each call takes the kind's declaration and the resource's ownership (where it lives: its workspace
 * and address, which names the resource in warnings). The client is made on first use, so inputs that fail `check`
 * never need credentials.
 *
 * `warn` shows a warning beside a resource in the engine's output. A door that has no engine log (the dynamic
 * classes' host) gives none: it is told of no takeover, and the impact of a planned change is neither read nor
 * judged there (its guard is `pulumi-idgov impact` in the pipeline).
 */
export class ProviderService {
  private readonly settings = new ProviderSettings();
  private readonly impacts: PreviewImpacts | undefined;

  constructor(private readonly warn?: Warn) {
    this.impacts = warn && new PreviewImpacts(warn);
  }

  /** The impact warnings, when the impact of a planned change may be read: the settings are known and the engine goes on. */
  private get readableImpacts(): PreviewImpacts | undefined {
    return this.settings.halted ? undefined : this.impacts;
  }

  /** Takes the provider's inputs (named as the stack config keys); unknown ones (in a preview) allow no request. */
  configure(inputs: Props): void {
    this.configureFrom(configSourceOf(inputs), containsUnknown(inputs));
  }

  /** Takes the settings as a source of `idgov:*` keys (a stack's config), with `IDGOV_*` variables as fallback. */
  configureFrom(source: ConfigSource | undefined, unknown = false): void {
    this.settings.configureFrom(source, unknown);
  }

  /** The engine is shutting down: calls under way finish (so their writes are recorded); no new request starts. */
  cancel(): void {
    this.settings.cancel();
  }

  async check(
    kind: KindDeclaration,
    ownership: Ownership,
    news: SecretProps,
  ): Promise<SecretProps & { failures: CheckFailure[] }> {
    const given = withoutInternalKeys(news.props);
    const { inputs, failures } = await this.settings.service(kind).check({}, given, ownership);
    return { props: inputs, failures, secretKeys: secretInputKeys(kind, news.secretKeys) };
  }

  /**
   * Compares the program's inputs, ownership stamps included, with the state. After an import the stamps are
   * pending: they ride along with the object's next write, guarded as any write is, and never cause one. A change
   * is handed to the preview's impact warning, and judged against `idgov:impactLimit` when one is set (see
   * {@link PreviewImpacts}).
   */
  async diff(
    kind: KindDeclaration,
    ownership: Ownership,
    id: string,
    olds: Props,
    news: Props,
    oldInputs: Props,
  ): Promise<ServiceDiff> {
    const urn = ownership.resourceAddress;
    const old = decodeProps(olds);
    if (kind.annotations && news.allowTakeover === true) this.warnOfTakeover(kind, ownership, id, old);
    const result = await this.settings
      .service(kind)
      .diff(id, withImportedStampsPending(kind, old), news, ownership);
    const impacts = this.readableImpacts;
    if (result.changes && impacts) {
      const operation = result.replaces.length > 0 ? "replace" : "update";
      const facts = { kind: kind.name, operation, oldInputs, newInputs: news, id, urn } as const;
      await impacts.diffed(facts, this.settings.source, news.acceptImpact);
    }
    return { ...result, entries: detailedDiff(result.changedPaths, result.replaces, oldInputs, news) };
  }

  /** Warns that an object another owner claims is taken over; the program set `allowTakeover`. */
  private warnOfTakeover(kind: KindDeclaration, ownership: Ownership, id: string, old: DecodedProps) {
    if (!this.warn) return;
    const owner = foreignOwner(annotationsOf(old.props), ownership, old.ownership?.resourceAddress);
    if (!owner) return;
    this.warn(
      ownership.resourceAddress,
      `${kind.name} "${id}" is claimed by workspace "${owner.workspace ?? "(none)"}", tool ` +
        `"${owner.tool ?? "(none)"}"; allowTakeover is set, so this stack takes it over with its next write`,
    );
  }

  /**
   * Creates the object; in a preview, answers the inputs with every other output unknown, and sends nothing but the
   * read of the impact warning. A create that adopts is judged against `idgov:impactLimit` in the preview and, before
   * the adoption writes, for real (see {@link PreviewImpacts}).
   */
  async create(
    kind: KindDeclaration,
    ownership: Ownership,
    inputs: SecretProps,
    preview: boolean,
  ): Promise<SecretProps & { id: string }> {
    const urn = ownership.resourceAddress;
    const secretKeys = this.secretOutputs(kind, inputs);
    const facts = { kind: kind.name, operation: "create", newInputs: inputs.props, urn } as const;
    const accepted = inputs.props.acceptImpact;
    if (preview) {
      await this.readableImpacts?.previewed(urn, facts, this.settings.source, accepted);
      rememberSecretsOf(kind, inputs.props);
      const unknowns = Object.fromEntries(kind.outputs.map((name) => [name, UNKNOWN]));
      return { id: "", props: { ...unknowns, ...inputs.props }, secretKeys };
    }
    const impacts = this.impacts;
    impacts?.applied(urn);
    const { id, outs } = await this.settings
      .requesting(kind)
      .create(
        inputs.props,
        ownership,
        impacts && ((live) => impacts.adopting(facts, live, this.settings.source, accepted)),
      );
    return { id, props: outs, secretKeys };
  }

  /**
   * Reads the live object. Given only an id (`pulumi import`, or a program's `get`), it answers inputs that manage
   * the object as it is.
   */
  async read(
    kind: KindDeclaration,
    ownership: Ownership,
    id: string,
    state: SecretProps,
  ): Promise<ReadAnswer> {
    const secretKeys = this.secretOutputs(kind, state);
    if (Object.keys(state.props).length === 0)
      return { ...(await this.importRead(kind, ownership, id)), secretKeys };
    return { ...(await this.settings.requesting(kind).read(id, state.props)), secretKeys };
  }

  /** What `pulumi import` needs from a read given only an id: see {@link importRead}. */
  async importRead(kind: KindDeclaration, ownership: Ownership, id: string) {
    this.settings.mayRequest();
    const { leftOut, ...read } = await importRead(kind, ownership, id, this.settings.source);
    for (const { field, member } of leftOut ?? []) {
      this.warn?.(
        ownership.resourceAddress,
        `${kind.name} "${id}": ${field} holds ${member}, a member this version of pulumi-idgov does not list; ` +
          `the imported program leaves ${field} out (unmanaged) so that it compiles; to manage it, write ` +
          `unlisted(${JSON.stringify(member)}) and set idgov:allowUnlistedMembers to true`,
      );
    }
    return read;
  }

  /** Updates the object; in a preview, answers the state with the new inputs over it, and sends nothing. */
  async update(
    kind: KindDeclaration,
    ownership: Ownership,
    id: string,
    olds: Props,
    news: SecretProps,
    preview: boolean,
  ): Promise<SecretProps> {
    const urn = ownership.resourceAddress;
    const secretKeys = this.secretOutputs(kind, news);
    if (preview) {
      await this.readableImpacts?.previewed(urn, undefined, this.settings.source);
      return { props: { ...olds, ...news.props }, secretKeys };
    }
    this.impacts?.applied(urn);
    const { outs } = await this.settings.requesting(kind).update(id, olds, news.props, ownership);
    return { props: outs, secretKeys };
  }

  async delete(kind: KindDeclaration, id: string, props: Props): Promise<void> {
    await this.settings.requesting(kind).delete(id, props);
  }

  /** The outputs kept secret: the kind's secret outputs, and every input the program or kind marked secret. */
  private secretOutputs(kind: KindDeclaration, inputs: SecretProps): Set<string> {
    return new Set([...kind.secretOutputs, ...secretInputKeys(kind, inputs.secretKeys)]);
  }

  /** One page of a kind's objects, with this provider's settings (see {@link listPage}). */
  async list(ask: ListAsk): Promise<ListPage> {
    const client = () => sharedConnection(this.lookupSource()).client.labelled(`list ${ask.token}`);
    return listPage(client, ask);
  }

  /**
   * Calls a lookup with this provider's settings. The lookups are loaded on the first call, not with the service:
   * most runs make none.
   */
  async invoke(lookup: LookupEntry, args: Props): Promise<InvokeAnswer> {
    const { invokeLookup } = require("./invoke") as typeof import("./invoke");
    return invokeLookup(lookup, args, () => this.lookupSource());
  }

  /** The settings lookups use: this provider's inputs, with `IDGOV_*` variables as fallback. */
  lookupSource(): ConfigSource | undefined {
    this.settings.mayRequest();
    return this.settings.source;
  }
}
