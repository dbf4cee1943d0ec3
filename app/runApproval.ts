import { type ApproveScriptRun, h, type ScriptRunRequest } from "../src/index";

/** How a run is named to the user: the command it amounts to, arguments quoted where needed. */
function commandLine({ skillName, scriptPath, args }: ScriptRunRequest): string {
  const quoted = args.map((arg) => (/^[\w./:=@%+-]+$/.test(arg) ? arg : JSON.stringify(arg)));
  return [`${skillName}/${scriptPath}`, ...quoted].join(" ");
}

/**
 * The app's answer to a deployment whose script policy is `ask`: a modal dialog per run, one at a
 * time (an agent may call several scripts in one turn), which says exactly what would run.
 */
export function runApprovalDialog(): { dialog: HTMLDialogElement; approve: ApproveScriptRun } {
  const command = h("code", { id: "run-approval-command" });
  const dialog = h(
    "dialog",
    { id: "run-approval", "aria-labelledby": "run-approval-title" },
    h(
      "form",
      { method: "dialog", className: "endpoint" },
      h("h2", { id: "run-approval-title" }, "Run this script?"),
      h("p", {}, "A skill's script is about to run in the sandbox:"),
      h("pre", {}, command),
      h(
        "div",
        { className: "row" },
        h("button", { type: "submit", value: "run", id: "run-approval-run" }, "Run"),
        h(
          "button",
          { type: "submit", value: "decline", className: "secondary", id: "run-approval-decline" },
          "Don't run",
        ),
      ),
    ),
  );
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (request: ScriptRunRequest) =>
    new Promise<boolean>((resolve) => {
      command.textContent = commandLine(request);
      dialog.returnValue = "";
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "run"), {
        once: true,
      });
      dialog.showModal();
    });
  const approve: ApproveScriptRun = (request) => {
    const answer = queue.then(() => ask(request));
    queue = answer;
    return answer;
  };
  return { dialog, approve };
}
