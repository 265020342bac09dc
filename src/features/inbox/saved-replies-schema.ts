import { z } from "../../lib/zod";

const id = z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and hyphens");
const text = z.string().min(1).max(5000);

/**
 * A saved reply staff can insert into the reply box and edit (content/inbox/saved-replies.json): its
 * name in the inbox and its text in English; content/<language>/inbox/saved-replies.json holds its
 * text in each other language.
 */
export const SavedReplySchema = z.strictObject({ id, position: z.number().int(), title: z.string().min(1), text });
export const SavedReplyTextSchema = z.strictObject({ items: z.array(z.strictObject({ id, text })) });
