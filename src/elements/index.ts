/**
 * `skillbox/elements`: the web components. `defineSkillboxElements()` registers
 * `<skillbox-runner>` and `<skillbox-chat>`; `skillbox-embed.js` in the runtime folder does it
 * for a page with one script tag.
 */
import type { SkillboxOptions } from "../api/options";
import { SkillboxChatElement } from "./chatElement";
import { SkillboxRunnerElement } from "./runnerElement";
import { SkillboxElement } from "./skillboxElement";

/**
 * Registers both elements (once per page). `defaults` are the options every element's Skillbox
 * starts from — `assetsUrl` where the runtime folder is not at `/skillbox/`.
 */
export function defineSkillboxElements(defaults: SkillboxOptions = {}): void {
  SkillboxElement.defaults = defaults;
  if (!customElements.get("skillbox-runner"))
    customElements.define("skillbox-runner", SkillboxRunnerElement);
  if (!customElements.get("skillbox-chat"))
    customElements.define("skillbox-chat", SkillboxChatElement);
}

export { SkillboxChatElement } from "./chatElement";
export { ElementAttributeError } from "./elementOptions";
export { type SkillboxResultDetail, SkillboxRunnerElement } from "./runnerElement";
export type { SkillboxErrorDetail } from "./skillboxElement";

declare global {
  interface HTMLElementTagNameMap {
    "skillbox-runner": SkillboxRunnerElement;
    "skillbox-chat": SkillboxChatElement;
  }
}
