import { z } from "zod";
import { annotationsSchema } from "./annotations";
import { requestObject } from "./primitives";

/** Asks for related objects to be expanded into the response's `expanded` array (spec 2.0.7). */
export const expandMaskSchema = requestObject({ paths: z.array(z.string()) });
export type ExpandMask = z.infer<typeof expandMaskSchema>;

/** Comma-separated lowerCamelCase field paths; its paths are checked by whoever applies it. */
export const updateMaskSchema = z.string({
  error: "updateMask must be a string of comma-separated field paths",
});

/** Annotations on create: every rule of spec 2.1, and no empty values. */
export const createAnnotationsSchema = annotationsSchema().optional();

/** A display name that must be present and non-empty. */
export const requiredDisplayNameSchema = z
  .string({ error: "displayName is required" })
  .min(1, { error: "displayName is required" });
