/**
 * `skillbox-embed.js`, in the runtime folder: one script tag registers the elements, and their
 * runtime is the folder this script was loaded from, wherever that is.
 */
import { defineSkillboxElements } from "./index";

// Through a variable: Vite would take `new URL("./", import.meta.url)` for an asset import.
const thisScript = import.meta.url;
defineSkillboxElements({ assetsUrl: new URL("./", thisScript).href });
