import { decodeProps, getPath, type LiveObject, setPath } from "../provider/engine";
import { buildOutputs } from "../provider/engine/state";
import { kindNamed } from "../provider/kinds";
import { SECRET_SIG, SPECIAL_SIG_KEY } from "../provider/engine/pulumiSecret";
import { OWNERSHIP_INPUT } from "../resources/dynamic/ownershipInput";

/** A stack as Pulumi names it. */
export interface StackName {
  readonly org: string;
  readonly project: string;
  readonly stack: string;
}

/** One resource of this package a stack holds: its program inputs and the live object its last write answered. */
export interface HeldSpec {
  readonly kind: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly live: LiveObject;
  /** Dotted input paths kept as secrets: encrypted (a plain export) or with their plaintext (`--show-secrets`). */
  readonly secretInputs?: readonly string[];
  readonly showSecrets?: boolean;
}

/** The URN of a resource of this package in a stack. */
export function urnOf(name: StackName, kind: string, resource: string): string {
  return `urn:pulumi:${name.stack}::${name.project}::pulumi-nodejs:dynamic/idgov:${kind}::${resource}`;
}

function secret(value: unknown, show: boolean): Record<string, unknown> {
  const ciphertext = Buffer.from(JSON.stringify(value)).toString("base64");
  return show
    ? { [SPECIAL_SIG_KEY]: SECRET_SIG, plaintext: JSON.stringify(value) }
    : {
        [SPECIAL_SIG_KEY]: SECRET_SIG,
        ciphertext: `v1:${ciphertext.slice(0, 8)}:${ciphertext}`,
      };
}

/**
 * The text `pulumi stack export` prints for a stack of dynamic resources (deployment version 3): the stack, the
 * default dynamic provider, then each resource with the inputs the class sent (`__provider`, `__ownership`) and the
 * outputs the engine wrote after the create, as Pulumi stores them.
 */
export function stackExportText(name: StackName, held: readonly HeldSpec[]): string {
  const stackUrn = `urn:pulumi:${name.stack}::${name.project}::pulumi:pulumi:Stack::${name.project}-${name.stack}`;
  const providerUrn = `urn:pulumi:${name.stack}::${name.project}::pulumi:providers:pulumi-nodejs::default`;
  const provider = "exports.handler = __f0; function __f0() { return require('pulumi-idgov/dynamic').host; }";
  const resources = held.map((spec) => {
    const urn = urnOf(name, spec.kind, spec.name);
    const workspace = `${name.org}/${name.project}/${name.stack}`;
    const ownership = { workspace, resourceAddress: urn };
    const inputs: Record<string, unknown> = { ...spec.inputs, [OWNERSHIP_INPUT]: ownership };
    const outputs = buildOutputs(
      kindNamed(spec.kind),
      spec.live,
      undefined,
      decodeProps(spec.inputs, ownership),
    );
    const stored: Record<string, unknown> = structuredClone({ ...inputs, __provider: provider });
    for (const path of spec.secretInputs ?? []) {
      setPath(stored, path, secret(getPath(stored, path), spec.showSecrets === true));
    }
    return {
      urn,
      custom: true,
      id: spec.live.id,
      type: `pulumi-nodejs:dynamic/idgov:${spec.kind}`,
      inputs: stored,
      outputs: { ...outputs, __provider: provider },
      parent: stackUrn,
      provider: `${providerUrn}::04da6b54-80e4-46f7-96ec-b56ff0331ba9`,
      propertyDependencies: Object.fromEntries(Object.keys(spec.inputs).map((key) => [key, []])),
      created: "2026-11-25T20:00:00.000Z",
      modified: "2026-11-25T20:00:00.000Z",
    };
  });
  const deployment = {
    manifest: { time: "2026-11-25T20:00:00.000Z", magic: "", version: "v3.248.0" },
    secrets_providers: { type: "passphrase", state: { salt: "v1:c2FsdA==:v1:aXY=:Y2lwaGVy" } },
    resources: [
      { urn: stackUrn, custom: false, type: "pulumi:pulumi:Stack", created: "2026-11-25T20:00:00.000Z" },
      {
        urn: providerUrn,
        custom: true,
        id: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
        type: "pulumi:providers:pulumi-nodejs",
      },
      ...resources,
    ],
  };
  return `${JSON.stringify({ version: 3, deployment }, null, 4)}\n`;
}
