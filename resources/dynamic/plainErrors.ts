import { IdgovError } from "../../provider/errors/idgov-error";
import type { HostProvider } from "./host";

const HIDDEN = { configurable: true, enumerable: false, writable: true };

/**
 * `error`, thrown in a program, as Pulumi should show it: its message alone, not a JavaScript stack trace. The
 * program's run prints an error branded as Pulumi's `RunError` by its message; the error keeps its class and fields.
 */
export function shownPlainly<T extends Error>(error: T): T {
  return Object.defineProperty(error, "__pulumiRunError", { ...HIDDEN, value: true });
}

/**
 * `error`, thrown in Pulumi's dynamic-provider host, as the host should print it: the host prints
 * `${error}: ${error.stack}` and answers the engine the message, so the error's text becomes its name and its stack
 * its message. Such an error never reaches a program's code.
 */
function shownPlainlyByHost<T extends Error>(error: T): T {
  const name = error.name;
  Object.defineProperty(error, "stack", { ...HIDDEN, value: error.message });
  return Object.defineProperty(error, "toString", { ...HIDDEN, value: () => name });
}

/** Runs `call`, showing this package's own errors (refusals, settings, tenants, the service's answers) plainly. */
async function plainly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof IdgovError ? shownPlainlyByHost(error) : error;
  }
}

/** `provider` with every method's own errors shown by the host as their message alone. */
export function withPlainErrors(provider: HostProvider): HostProvider {
  return {
    check: (olds, news) => plainly(() => provider.check(olds, news)),
    diff: (id, olds, news) => plainly(() => provider.diff(id, olds, news)),
    create: (inputs) => plainly(() => provider.create(inputs)),
    read: (id, props) => plainly(() => provider.read(id, props)),
    update: (id, olds, news) => plainly(() => provider.update(id, olds, news)),
    delete: (id, props) => plainly(() => provider.delete(id, props)),
  };
}
