import type * as pulumi from "@pulumi/pulumi";
import type { ShimOfKind } from "./host";

/**
 * The provider object Pulumi serializes into every resource's state: the kind's name and a `configure` that
 * captures nothing. The host calls `configure` before any other method, and it installs the methods of the installed
 * package's provider for this kind. So refresh and destroy run today's code, and no secret or path is frozen in
 * state. Written in plain ES2017 (no `?.`) on one line, because the serializer may parse it with an older
 * TypeScript and keeps its text as written: every byte here is stored twice per resource.
 */
function shimFor(kind: string): pulumi.dynamic.ResourceProvider {
  // prettier-ignore
  const shim: ShimOfKind = { kind, configure: function (r) { require("pulumi-idgov/host")(this, r); } };
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
