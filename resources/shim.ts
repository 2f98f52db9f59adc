import type * as pulumi from "@pulumi/pulumi";
import type { HostProvider } from "./host";

interface ShimState {
  host?: HostProvider;
}

/**
 * The provider object Pulumi serializes into every resource's state. It captures nothing but the kind name: each
 * call loads the installed package, so refresh and destroy run today's code, and no secret or path is frozen in
 * state. Written in plain ES2017 (no `?.` or `??=`) because the serializer may parse it with an older TypeScript.
 */
function shimFor(kind: string): pulumi.dynamic.ResourceProvider {
  function load(state: ShimState, config?: unknown): HostProvider {
    if (!state.host || config !== undefined) {
      state.host = require("pulumi-idgov/internal/host").createHostProvider(kind, config);
    }
    return state.host as HostProvider;
  }
  const state: ShimState = {};
  return {
    configure: async (req) => void load(state, req.config),
    check: (olds, news) => load(state).check(olds, news),
    diff: (id, olds, news) => load(state).diff(id, olds, news),
    create: (inputs) => load(state).create(inputs),
    read: (id, props) => load(state).read(id, props),
    update: (id, olds, news) => load(state).update(id, olds, news),
    delete: (id, props) => load(state).delete(id, props),
  };
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
