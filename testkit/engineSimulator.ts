import { type CheckAnswer, type DiffAnswer, ResourceInitFailure } from "./dynamicHost";
import { OWNERSHIP_INPUT } from "../resources/dynamic/ownershipInput";

type Props = Record<string, unknown>;

/**
 * A provider behind one of its two front doors, addressed by kind, as the engine simulator drives it: the dynamic
 * provider host (`__provider` in every call) or the native plugin (`idgov:index:<Kind>`). A write that stops half way
 * rejects with a {@link ResourceInitFailure}.
 */
export interface ProviderDoor {
  /** The URN of a resource of this kind and name in the door's test stack. */
  urn(kind: string, name: string): string;
  /** The workspace (`<org>/<project>/<stack>`) of the door's test stack. */
  readonly workspace: string;
  /** Whether the program passes each resource's ownership as an input (the dynamic classes do; the plugin reads the URN). */
  readonly ownershipInInputs: boolean;
  check(kind: string, urn: string, olds: Props, news: Props): Promise<CheckAnswer>;
  diff(
    kind: string,
    urn: string,
    id: string,
    olds: Props,
    news: Props,
    oldInputs: Props,
  ): Promise<DiffAnswer>;
  create(kind: string, urn: string, inputs: Props): Promise<{ id: string; outputs: Props }>;
  read(
    kind: string,
    urn: string,
    id: string,
    props: Props,
    inputs: Props,
  ): Promise<{ id: string; outputs: Props; inputs: Props | undefined }>;
  update(kind: string, urn: string, id: string, olds: Props, news: Props, oldInputs: Props): Promise<Props>;
  delete(kind: string, urn: string, id: string, props: Props): Promise<void>;
}

export interface ResourceState {
  id: string;
  inputs: Props;
  outputs: Props;
}

export type UpResult =
  | { action: "failed-check"; failures: { property: string; reason: string }[] }
  | { action: "create" | "update" | "same" | "replace"; state: ResourceState };

/**
 * The engine's side of a resource's life cycle, over a provider behind either door (the real dynamic-provider host
 * or the native plugin): check, then create, or diff and update (or replace). It keeps the state the engine would
 * keep.
 */
export class EngineSimulator {
  readonly state = new Map<string, ResourceState>();

  constructor(
    private readonly host: ProviderDoor,
    readonly workspace = host.workspace,
  ) {}

  urn(kind: string, name: string): string {
    return this.host.urn(kind, name);
  }

  /** The ownership input the resource class adds for a resource of this name (none for the native plugin). */
  ownership(kind: string, name: string): Props {
    if (!this.host.ownershipInInputs) return {};
    return { [OWNERSHIP_INPUT]: { workspace: this.workspace, resourceAddress: this.urn(kind, name) } };
  }

  async up(kind: string, name: string, program: Props, options: { stamp?: boolean } = {}): Promise<UpResult> {
    const urn = this.urn(kind, name);
    const news = options.stamp === false ? program : { ...program, ...this.ownership(kind, name) };
    const previous = this.state.get(urn);
    const checked = await this.host.check(kind, urn, previous?.inputs ?? {}, news);
    if (checked.failures.length > 0) return { action: "failed-check", failures: checked.failures };
    if (!previous) {
      const created = await this.recordingPartialState(urn, checked.inputs, () =>
        this.host.create(kind, urn, checked.inputs),
      );
      return this.save(urn, "create", { id: created.id, inputs: checked.inputs, outputs: created.outputs });
    }
    const diff = await this.host.diff(
      kind,
      urn,
      previous.id,
      previous.outputs,
      checked.inputs,
      previous.inputs,
    );
    if (diff.changes === "none") return this.save(urn, "same", { ...previous, inputs: checked.inputs });
    if (diff.replaces.length > 0) {
      const created = await this.host.create(kind, urn, checked.inputs);
      await this.host.delete(kind, urn, previous.id, previous.outputs);
      return this.save(urn, "replace", { id: created.id, inputs: checked.inputs, outputs: created.outputs });
    }
    const outputs = await this.recordingPartialState(urn, checked.inputs, () =>
      this.host.update(kind, urn, previous.id, previous.outputs, checked.inputs, previous.inputs),
    );
    return this.save(urn, "update", { id: previous.id, inputs: checked.inputs, outputs });
  }

  /**
   * Runs a create or update; when it stops half way (the host answers the state reached), records that state with
   * the new inputs, as the engine does, and rethrows.
   */
  private async recordingPartialState<T>(urn: string, inputs: Props, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ResourceInitFailure) {
        this.state.set(urn, { id: error.id, inputs, outputs: error.properties });
      }
      throw error;
    }
  }

  /** `pulumi refresh` of one resource: the live object replaces the state, or the resource is gone. */
  async refresh(kind: string, name: string): Promise<ResourceState | undefined> {
    const urn = this.urn(kind, name);
    const previous = this.state.get(urn);
    if (!previous) throw new Error(`${urn} is not in the state`);
    const read = await this.host.read(kind, urn, previous.id, previous.outputs, previous.inputs);
    if (read.id === "") {
      this.state.delete(urn);
      return undefined;
    }
    const refreshed = { id: read.id, inputs: read.inputs ?? previous.inputs, outputs: read.outputs };
    this.state.set(urn, refreshed);
    return refreshed;
  }

  /** `pulumi preview` of one resource against its state: the diff the engine would show. */
  async preview(
    kind: string,
    name: string,
    program: Props,
  ): Promise<"create" | "same" | "update" | "replace"> {
    const urn = this.urn(kind, name);
    const previous = this.state.get(urn);
    if (!previous) return "create";
    const news = { ...program, ...this.ownership(kind, name) };
    const checked = await this.host.check(kind, urn, previous.inputs, news);
    const diff = await this.host.diff(
      kind,
      urn,
      previous.id,
      previous.outputs,
      checked.inputs,
      previous.inputs,
    );
    if (diff.changes === "none") return "same";
    return diff.replaces.length > 0 ? "replace" : "update";
  }

  async destroy(kind: string, name: string): Promise<void> {
    const urn = this.urn(kind, name);
    const previous = this.state.get(urn);
    if (!previous) return;
    await this.host.delete(kind, urn, previous.id, previous.outputs);
    this.state.delete(urn);
  }

  private save(
    urn: string,
    action: "create" | "update" | "same" | "replace",
    state: ResourceState,
  ): UpResult {
    this.state.set(urn, state);
    return { action, state };
  }
}
