import { configure } from "./host";

/**
 * What the serialized shim requires, `pulumi-idgov/host`: {@link configure} as the module itself, so that the text
 * stored twice per resource calls it in the fewest bytes. (`pulumi-idgov/internal/host`, which the shims of earlier
 * releases require, stays exported for the states they wrote.)
 */
export = configure;
