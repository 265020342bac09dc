import { TargetReverberationSchema } from "../spaces/schema";
import { z } from "../../lib/zod";

/**
 * content/calculator/room-types.json: room types the calculator offers besides the spaces (whose
 * targets come from the space pages themselves), each with its target reverberation and its source.
 */
export const ExtraRoomTypesSchema = z
  .array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case words joined by hyphens"),
      name: z.string().min(1),
      min: z.number().min(0.2).max(4),
      max: z.number().min(0.2).max(4),
      source: TargetReverberationSchema.shape.source,
    }),
  )
  .min(1)
  .refine((types) => types.every((t) => t.min < t.max), { message: "min must be below max" });
