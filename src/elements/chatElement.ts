import type { Skillbox } from "../api/skillbox";
import { chatPanel } from "../ui/chatPanel";
import { SkillboxElement } from "./skillboxElement";
import { elementStyleSheet } from "./styles";

/**
 * `<skillbox-chat>`: the chat with the agent loop — skill toggles, endpoint settings, the
 * transcript with every tool call. `endpoint`, `model` and `protocol` set the model endpoint it
 * starts with; and the attributes of every Skillbox element (docs/embedding.md).
 */
export class SkillboxChatElement extends SkillboxElement {
  private panel: HTMLElement | undefined;

  protected render(view: HTMLElement, skillbox: Skillbox): void {
    this.panel = chatPanel(skillbox);
    this.panel.setAttribute("part", "chat");
    this.root.adoptedStyleSheets = [elementStyleSheet()];
    view.append(this.panel);
  }

  protected started(skillbox: Skillbox): void {
    const changed = () => this.panel?.dispatchEvent(new Event("library-changed"));
    changed();
    skillbox.subscribe(changed);
  }
}
