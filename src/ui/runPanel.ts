import type { Skillbox } from "../index";
import { h } from "./dom";
import { skillScripts } from "./skillScripts";

/** A form to run any script of any installed skill and read the exact tool result. */
export function runPanel(skillbox: Skillbox): HTMLElement {
  const skillSelect = h("select", { id: "run-skill", name: "skill" });
  const scriptSelect = h("select", { id: "run-script", name: "script" });
  const argsInput = h("textarea", {
    id: "run-args",
    name: "args",
    rows: 4,
    placeholder: "One argument per line, passed literally",
  });
  const limitInput = h("input", {
    id: "run-limit",
    name: "limit",
    type: "number",
    min: 1,
    max: 600,
    value: "30",
  });
  const result = h("pre", { id: "run-result", className: "result", "aria-live": "polite" });
  const runButton = h("button", { type: "submit", id: "run-button" }, "Run");

  const refreshScripts = async () => {
    const scripts = await skillScripts(skillbox, skillSelect.value);
    scriptSelect.replaceChildren(...scripts.map((path) => h("option", { value: path }, path)));
  };

  const refreshSkills = async () => {
    const skills = await skillbox.listSkills();
    skillSelect.replaceChildren(...skills.map((s) => h("option", { value: s.name }, s.name)));
    await refreshScripts();
  };

  skillSelect.addEventListener("change", () => void refreshScripts());

  const form = h(
    "form",
    {
      className: "panel",
      onsubmit: async (event: Event) => {
        event.preventDefault();
        runButton.disabled = true;
        result.textContent = "Running…";
        const args = argsInput.value === "" ? [] : argsInput.value.split("\n");
        const outcome = await skillbox.callTool(
          "run_skill_script",
          { skill_name: skillSelect.value, script_path: scriptSelect.value, args },
          { timeLimitMs: Number(limitInput.value) * 1000 },
        );
        result.textContent = JSON.stringify(outcome, null, 2);
        runButton.disabled = false;
      },
    },
    h("h2", {}, "Run a skill script"),
    h("label", {}, "Skill", skillSelect),
    h("label", {}, "Script", scriptSelect),
    h("label", {}, "Arguments", argsInput),
    h("label", {}, "Time limit (s)", limitInput),
    runButton,
    h("h3", {}, "Result"),
    result,
  );
  void skillbox.ready.then(refreshSkills);
  form.addEventListener("library-changed", () => void refreshSkills());
  return form;
}
