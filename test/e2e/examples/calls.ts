import type { ApiCall } from "../exampleSpec";

/** Calls as the emulator logs them, for the example tables. */
export const post = (path: string, body: unknown): ApiCall => ({ method: "POST", path, body });
export const get = (path: string): ApiCall => ({ method: "GET", path, body: null });
/** Deletes carry an empty JSON body (reference 4). */
export const del = (path: string, body: unknown = {}): ApiCall => ({ method: "DELETE", path, body });
