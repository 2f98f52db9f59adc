import { MANAGED_BAD_INPUTS } from "./managed";
import type { BadInput } from "./rules";
import { SETTINGS_BAD_INPUTS } from "./settings";

export type { BadInput } from "./rules";

/** Every invalid program of the corpus, across all nine resource kinds. */
export const BAD_INPUTS: readonly BadInput[] = [...MANAGED_BAD_INPUTS, ...SETTINGS_BAD_INPUTS];
