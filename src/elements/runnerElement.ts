import type { Skillbox } from "../api/skillbox";
import { MAX_TIME_LIMIT_MS, timeLimitProblem } from "../tools/limits";
import { type RunRecord, runConsole } from "../ui/runConsole";
import { ElementAttributeError } from "./elementOptions";
import { SkillboxElement } from "./skillboxElement";
import { elementStyleSheet } from "./styles";

/** Detail of `skillbox-result`: the call and the contract JSON it returned. */
export type SkillboxResultDetail = RunRecord;

/**
 * `<skillbox-runner>`: one skill on a page — the app's run console. Pick a script (its example
 * arguments offered), run it, watch its output arrive, stop it, and preview the files it wrote.
 * Attributes: `skill`, `time-limit` (seconds), and those of every Skillbox element
 * (docs/embedding.md).
 */
export class SkillboxRunnerElement extends SkillboxElement {
  static observedAttributes = ["skill"];
  private refresh: (() => Promise<void>) | undefined;

  attributeChangedCallback(): void {
    void this.refresh?.();
  }

  protected render(view: HTMLElement, skillbox: Skillbox): void {
    const limit = this.timeLimitMs();
    const runner = runConsole(skillbox, {
      onlySkill: () => this.getAttribute("skill"),
      ...(limit === undefined ? {} : { timeLimitMs: limit }),
      onResult: (record) =>
        this.dispatchEvent(
          new CustomEvent<SkillboxResultDetail>("skillbox-result", {
            detail: record,
            bubbles: true,
            composed: true,
          }),
        ),
    });
    this.refresh = runner.refresh;
    this.root.adoptedStyleSheets = [elementStyleSheet()];
    view.append(runner.element);
  }

  protected started(skillbox: Skillbox): void {
    void this.refresh?.();
    skillbox.subscribe(() => void this.refresh?.());
  }

  private timeLimitMs(): number | undefined {
    const value = this.getAttribute("time-limit");
    if (value === null) return undefined;
    const ms = Math.round(Number(value) * 1000);
    if (value.trim() === "" || timeLimitProblem(ms)) {
      throw new ElementAttributeError(
        `attribute "time-limit": ${JSON.stringify(value)} is not a number of seconds from 0.001 to ${MAX_TIME_LIMIT_MS / 1000}`,
      );
    }
    return ms;
  }
}
