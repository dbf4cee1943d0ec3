import { describeBytes, type Skillbox, type StoredModel } from "../index";
import { h } from "./dom";

/** The model the chat will use, kept by the endpoint form. */
export interface ModelChoice {
  chosen(): string;
  choose(id: string): void;
}

function parameters(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(1)}B parameters`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(0)}M parameters`;
  return `${Math.round(count / 1e3)}K parameters`;
}

function progressText(verb: string, loaded: number, total: number | undefined): string {
  return total
    ? `${verb} ${Math.floor((100 * loaded) / total)}% of ${describeBytes(total)}…`
    : `${verb} ${describeBytes(loaded)}…`;
}

/**
 * The in-browser models in the endpoint settings: those stored here (name, architecture, size,
 * parameters and context from each GGUF header) with the one the chat uses and Delete; adding a
 * GGUF file from disk, or downloading one by URL with progress and Stop. It lists nothing until
 * `refresh` is called, when it is shown: the local-model code loads only then.
 */
export function localModelsPanel(
  skillbox: Skillbox,
  choice: ModelChoice,
): { element: HTMLElement; refresh: () => Promise<void> } {
  const list = h("ul", { className: "model-list", "aria-label": "Models in this browser" });
  const status = h("p", { id: "local-model-status", className: "muted", role: "status" });
  const fileInput = h("input", {
    id: "local-model-file",
    type: "file",
    accept: ".gguf",
    className: "visually-hidden",
    "aria-label": "GGUF model file",
    tabIndex: -1,
  });
  const url = h("input", {
    id: "local-model-url",
    type: "url",
    placeholder: "https://huggingface.co/…/resolve/main/model-Q4_K_M.gguf",
  });
  let download: AbortController | undefined;
  const downloadButton = h(
    "button",
    { type: "button", id: "local-model-download", className: "secondary" },
    "Download",
  );

  const render = async () => {
    const unsupported = await skillbox.localModels.unsupported();
    if (unsupported) {
      list.replaceChildren(h("li", { className: "check-result problem" }, unsupported));
      return;
    }
    let models: StoredModel[];
    try {
      models = await skillbox.localModels.list();
    } catch (error) {
      list.replaceChildren(
        h("li", { className: "check-result problem" }, (error as Error).message),
      );
      return;
    }
    if (models.length > 0 && !models.some((m) => m.id === choice.chosen())) {
      choice.choose(models[0]?.id ?? "");
    }
    if (models.length === 0) {
      list.replaceChildren(
        h("li", { className: "muted" }, "No model stored yet: add a GGUF file or download one."),
      );
      return;
    }
    list.replaceChildren(
      ...models.map((model) => {
        const radio = h("input", {
          type: "radio",
          name: "local-model",
          value: model.id,
          checked: model.id === choice.chosen(),
          onchange: () => choice.choose(model.id),
        });
        const facts = [
          model.architecture,
          describeBytes(model.sizeBytes),
          parameters(model.parameterCount),
          model.contextLength ? `context ${model.contextLength}` : "",
        ].filter(Boolean);
        return h(
          "li",
          { "data-model-id": model.id },
          h("label", { className: "toggle" }, radio, h("strong", {}, model.name)),
          h("span", { className: "muted" }, facts.join(" · ")),
          h(
            "button",
            {
              type: "button",
              className: "secondary",
              "aria-label": `Delete ${model.name}`,
              onclick: async () => {
                await skillbox.localModels.remove(model.id);
                status.textContent = `Deleted ${model.name}.`;
                await render();
              },
            },
            "Delete",
          ),
        );
      }),
    );
  };

  const added = async (model: StoredModel) => {
    choice.choose(model.id);
    status.textContent = `Stored “${model.name}” (${model.architecture}, ${describeBytes(model.sizeBytes)}): it works offline from now on. Save the endpoint to use it.`;
    await render();
  };
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    status.textContent = `Checking ${file.name}…`;
    try {
      await added(
        await skillbox.localModels.add(file, (loaded, total) => {
          status.textContent = progressText("Storing", loaded, total);
        }),
      );
    } catch (error) {
      status.textContent = (error as Error).message;
    }
  });
  downloadButton.addEventListener("click", async () => {
    if (download) {
      download.abort();
      return;
    }
    download = new AbortController();
    downloadButton.textContent = "Stop download";
    status.textContent = "Starting the download…";
    try {
      await added(
        await skillbox.localModels.download(
          url.value.trim(),
          (loaded, total) => {
            status.textContent = progressText("Downloading", loaded, total);
          },
          download.signal,
        ),
      );
      url.value = "";
    } catch (error) {
      status.textContent = download.signal.aborted
        ? "Download stopped; nothing was kept."
        : (error as Error).message;
    } finally {
      download = undefined;
      downloadButton.textContent = "Download";
    }
  });

  const element = h(
    "section",
    { id: "local-models", className: "local-models", "aria-label": "In-browser models" },
    h(
      "p",
      { className: "muted" },
      "The model runs in this tab (llama.cpp in WebAssembly, in its own worker): nothing leaves this machine. Models are kept in this browser's storage and work offline.",
    ),
    list,
    h(
      "div",
      { className: "row" },
      h(
        "button",
        { type: "button", className: "secondary", onclick: () => fileInput.click() },
        "Add a GGUF file…",
      ),
      fileInput,
    ),
    h("label", { className: "field" }, "Or download a GGUF from a URL", url),
    h("div", { className: "row" }, downloadButton),
    status,
  );
  return { element, refresh: render };
}
