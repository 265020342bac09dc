import type { Dictionary } from "../dictionary";
import { en } from "./en";

// Not yet translated.
export const fi: Dictionary = { ...en };
