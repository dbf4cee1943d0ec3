import type { SkillboxOptions } from "../api/options";
import type { Skillbox } from "../api/skillbox";
import { installSkillZip, skillboxForElement } from "./elementOptions";

/** Detail of `skillbox-error`: what went wrong, in words. */
export interface SkillboxErrorDetail {
  message: string;
}

/**
 * What both elements share: a shadow root, a Skillbox made from the attributes when the element
 * is connected, and its disposal (every worker and timer ended) when the element is removed.
 */
export abstract class SkillboxElement extends HTMLElement {
  /** Options every element of this kind starts from (the runtime folder's URL, say). */
  static defaults: SkillboxOptions = {};
  private instance: Skillbox | undefined;
  protected readonly root: ShadowRoot;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
  }

  /** This element's Skillbox, from connection to removal. */
  get skillbox(): Skillbox | undefined {
    return this.instance;
  }

  connectedCallback(): void {
    if (this.instance) return;
    const frameHolder = document.createElement("div");
    frameHolder.hidden = true;
    const view = document.createElement("div");
    this.root.replaceChildren(frameHolder, view);
    try {
      const defaults = (this.constructor as typeof SkillboxElement).defaults;
      const skillbox = skillboxForElement(this, frameHolder, defaults);
      this.instance = skillbox;
      this.render(view, skillbox);
      const started = skillbox.ready.then(() => installSkillZip(this, skillbox));
      started.then(
        () => this.started(skillbox),
        (error: unknown) => this.fail(error),
      );
    } catch (error) {
      this.fail(error);
    }
  }

  disconnectedCallback(): void {
    this.instance?.dispose();
    this.instance = undefined;
    this.root.replaceChildren();
  }

  /** Builds the element's view; the Skillbox may still be starting. */
  protected abstract render(view: HTMLElement, skillbox: Skillbox): void;
  /** The Skillbox is up (and `skill-zip` installed). */
  protected abstract started(skillbox: Skillbox): void;

  /** Shows the problem in the element and tells the page with a `skillbox-error` event. */
  protected fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const shown = document.createElement("p");
    shown.setAttribute("part", "error");
    shown.setAttribute("role", "alert");
    shown.textContent = `Skillbox: ${message}`;
    this.root.append(shown);
    this.dispatchEvent(
      new CustomEvent<SkillboxErrorDetail>("skillbox-error", {
        detail: { message },
        bubbles: true,
        composed: true,
      }),
    );
  }
}
