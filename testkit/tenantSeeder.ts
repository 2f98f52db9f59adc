import type { RunningEmulator } from "../emulator";
import { DEFAULT_CREDENTIALS } from "../emulator/testing";
import { sharedConnection } from "../provider/client/sharedClient";
import type { LiveObject } from "../provider/engine";
import { kindNamed } from "../provider/kinds";
import { type HeldSpec, type StackName, urnOf } from "./stackExport";

/** The connection settings of the emulator, as `idgov:*` keys. */
export function emulatorConfig(emulator: RunningEmulator): Record<string, string> {
  return {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
  };
}

/** Seeds a tenant the way programs and people do: objects created with (or without) a stack's stamps. */
export class TenantSeeder {
  constructor(private readonly emulator: RunningEmulator) {}

  private client() {
    const config = emulatorConfig(this.emulator);
    return sharedConnection({ get: (key) => config[key] }).client.labelled("test: seed");
  }

  /** The ownership annotations a stack stamps on the resource `name` of `kind`. */
  static stamps(stack: StackName, kind: string, name: string): Record<string, string> {
    return {
      managed_by: "pulumi",
      iac_workspace: `${stack.org}/${stack.project}/${stack.stack}`,
      iac_resource_address: urnOf(stack, kind, name),
      iac_tool_version: "pulumi-idgov/0.1.0",
    };
  }

  /** Creates an object from a flat body; answers it live. */
  async create(
    kind: string,
    body: Record<string, unknown>,
    inputs: Record<string, unknown> = {},
  ): Promise<LiveObject> {
    return kindNamed(kind).api.create!(this.client(), body, inputs);
  }

  /** Reads an object live. */
  async read(kind: string, id: string): Promise<LiveObject> {
    const live = await kindNamed(kind).api.get(this.client(), id);
    if (!live) throw new Error(`${kind} ${id} does not exist`);
    return live;
  }

  /** Creates an object stamped for `stack` and answers it as the stack's state would hold it. */
  async createHeld(
    stack: StackName,
    kind: string,
    name: string,
    inputs: Record<string, unknown>,
    extra: Partial<HeldSpec> = {},
  ): Promise<HeldSpec> {
    const annotations = kindNamed(kind).annotations
      ? { annotations: TenantSeeder.stamps(stack, kind, name) }
      : {};
    const created = await this.create(kind, { ...inputs, ...annotations }, inputs);
    return { kind, name, inputs, live: await this.read(kind, created.id), ...extra };
  }
}
