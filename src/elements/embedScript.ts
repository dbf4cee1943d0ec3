/**
 * `skillbox-embed.js`, in the runtime folder: one script tag registers the elements, and their
 * runtime is the folder this script was loaded from, wherever that is.
 */
import { defineSkillboxElements } from "./index";

defineSkillboxElements({ assetsUrl: new URL("./", import.meta.url).href });
