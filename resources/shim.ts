import type * as pulumi from "@pulumi/pulumi";

/**
 * The provider object Pulumi serializes into every resource's state. It captures nothing but the kind name: the
 * host calls `configure` before any other method, and `configure` installs the methods of the installed package's
 * provider for this kind. So refresh and destroy run today's code, and no secret or path is frozen in state.
 * Written in plain ES2017 (no `?.`) because the serializer may parse it with an older TypeScript.
 */
function shimFor(kind: string): pulumi.dynamic.ResourceProvider {
  const shim = {
    configure: async function (this: object, req: pulumi.dynamic.ConfigureRequest): Promise<void> {
      Object.assign(this, require("pulumi-idgov/internal/host").createHostProvider(kind, req.config));
    },
  };
  return shim as unknown as pulumi.dynamic.ResourceProvider;
}

const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The shim of a kind, made once per program so that Pulumi serializes it once and reuses the text. */
export function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    shim = shimFor(kind);
    shims.set(kind, shim);
  }
  return shim;
}
