import type { ProviderDoor } from "../../../testkit/engineSimulator";
import { EngineLog } from "../../../testkit/engineLog";
import { NativePlugin, type Props, secret, urnOf } from "../../../testkit/nativePlugin";

/** The provider settings the engine sends as secrets (a program's `pulumi config set --secret` values). */
const SECRET_SETTINGS = new Set(["clientSecret", "accessToken"]);

/** Stack config (`idgov:baseUrl`, …) as the inputs of the default provider the engine configures the plugin with. */
export function providerInputsOf(config: Readonly<Record<string, string>>): Props {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => {
      const name = key.replace(/^idgov:/, "");
      return [name, SECRET_SETTINGS.has(name) ? secret(value) : value];
    }),
  );
}

/** The resource name at the end of a URN. */
function nameOf(urn: string): string {
  return urn.split("::").pop() as string;
}

/**
 * The native front door, `pulumi-resource-idgov` over gRPC, addressed by kind as the engine simulator drives a
 * provider: each kind is its type token `idgov:index:<Kind>`, the plugin stamps ownership from the URN, and the
 * messages it sends to the engine are recorded.
 */
export class NativeDoor implements ProviderDoor {
  readonly ownershipInInputs = false;
  /** The workspace of the harness's test stack (`native-test` of project `native`, the file backend's org). */
  readonly workspace = "organization/native/native-test";

  private constructor(
    readonly plugin: NativePlugin,
    readonly engineLog: EngineLog,
  ) {}

  /** Starts the plugin and configures its default provider from stack config. */
  static async start(config: Readonly<Record<string, string>>): Promise<NativeDoor> {
    const engineLog = await EngineLog.start();
    const plugin = await NativePlugin.start({}, engineLog.address);
    const configured = await plugin.checkConfig(providerInputsOf(config));
    if (configured.failures.length > 0)
      throw new Error(`bad settings: ${JSON.stringify(configured.failures)}`);
    await plugin.configure(configured.inputs);
    return new NativeDoor(plugin, engineLog);
  }

  /** What the plugin wrote to stderr and sent to the engine's log, as a user would see it. */
  get logs(): string {
    return [...this.plugin.stderr, ...this.engineLog.messages.map((logged) => logged.message)].join("\n");
  }

  urn(kind: string, name: string): string {
    return urnOf(typeOf(kind), name);
  }

  check(kind: string, urn: string, olds: Props, news: Props) {
    return this.plugin.check(typeOf(kind), nameOf(urn), news, olds);
  }

  diff(kind: string, urn: string, id: string, olds: Props, news: Props, oldInputs: Props) {
    return this.plugin.diff(typeOf(kind), nameOf(urn), id, olds, news, oldInputs);
  }

  create(kind: string, urn: string, inputs: Props) {
    return this.plugin.create(typeOf(kind), nameOf(urn), inputs);
  }

  read(kind: string, urn: string, id: string, props: Props, inputs: Props) {
    return this.plugin.read(typeOf(kind), nameOf(urn), id, props, inputs);
  }

  update(kind: string, urn: string, id: string, olds: Props, news: Props, oldInputs: Props) {
    return this.plugin.update(typeOf(kind), nameOf(urn), id, olds, news, false, oldInputs);
  }

  delete(kind: string, urn: string, id: string, props: Props) {
    return this.plugin.delete(typeOf(kind), nameOf(urn), id, props);
  }

  async stop(): Promise<void> {
    await this.plugin.stop();
    this.engineLog.stop();
  }
}

function typeOf(kind: string): string {
  return `idgov:index:${kind}`;
}
