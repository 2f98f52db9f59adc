import { z } from "zod";

/**
 * The control input that acknowledges a reviewed change past the provider's `impactLimit`; each comment is the TSDoc
 * of the field in the kind's Args. Never sent to the service.
 */
export const impactAcceptanceShape = {
  /**
   * Accept this change although it touches more people than the provider's `impactLimit`: the preview passes when
   * the live count (an app's users, a catalog's members, a resource's grants) is at most this number. The native
   * provider's guard reads it; it is never sent to the service, and changing it alone changes nothing.
   */
  acceptImpact: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be at least 0" })
    .optional(),
};
