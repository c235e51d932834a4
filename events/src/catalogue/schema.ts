import { z } from 'zod';

/** Who did it: the user and the role they acted in. */
const By = z.object({ userId: z.string(), role: z.string() });

/** An event's schema: its type, and the fields of its data. */
export const eventSchema = <const T extends string, const D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ type: z.literal(type), data: z.object(data) });

/** When and by whom: the fields a staff or user action's event ends with. */
export const Stamp = { at: z.string(), by: By };

/** The type names of a union of event schemas, in the union's order. */
export const eventTypesOf = <T extends string>(union: {
  options: readonly { shape: { type: z.ZodLiteral<T> } }[];
}) => union.options.map((o) => o.shape.type.value);
