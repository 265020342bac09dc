import { POSITION } from "../../lib/list-order";
import { z } from "../../lib/zod";
import { TargetReverberationSchema } from "../spaces/schema";

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case words joined by hyphens");

/**
 * One entry of content/calculator/room-types.json: a room type the calculator offers besides the
 * spaces (whose targets come from the space pages themselves), with its target reverberation and source.
 */
export const RoomTypeSchema = z
  .strictObject({
    id,
    position: POSITION,
    name: z.string().min(1),
    min: z.number().min(0.2).max(4),
    max: z.number().min(0.2).max(4),
    source: TargetReverberationSchema.shape.source,
  })
  .refine((type) => type.min < type.max, { message: "min must be below max", path: ["max"] });

const coefficient = z.number().min(0).max(1);

/**
 * One entry of content/calculator/materials.json: a common finish with typical absorption
 * coefficients at 125, 250, 500, 1000, 2000 and 4000 Hz, and the surfaces it may be chosen for.
 */
export const MaterialSchema = z.strictObject({
  id,
  position: POSITION,
  name: z.string().min(1),
  alpha: z.tuple([coefficient, coefficient, coefficient, coefficient, coefficient, coefficient]),
  surfaces: z.array(z.enum(["floor", "ceiling", "walls"])).min(1),
});
/** Translations of the room types and materials, content/<language>/calculator/*.json: their words. */
export const RoomTypeTextSchema = z.strictObject({
  items: z.array(z.strictObject({ id, name: z.string().min(1), source: TargetReverberationSchema.shape.source })),
});
export const MaterialTextSchema = z.strictObject({
  items: z.array(z.strictObject({ id, name: z.string().min(1) })),
});

/** A material as the calculator uses it. */
export type Material = Omit<z.infer<typeof MaterialSchema>, "position">;
