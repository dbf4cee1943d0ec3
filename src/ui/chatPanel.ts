import type {
  EndpointCheck,
  EndpointSettings,
  ModelToolCall,
  Skillbox,
  ToolResult,
  TranscriptItem,
} from "../index";
import { h } from "./dom";
import { localModelsPanel } from "./localModelsPanel";
import { showOutputFiles } from "./outputFiles";
import { markdownView } from "./previews/markdownView";

/** What the chat may offer besides itself: the app's run console. */
export interface ChatPanelOptions {
  /** Opens a demo skill's script in the run console, for a visitor with no model. */
  tryDemo?: () => void;
}

const PRESETS: Readonly<Record<string, Omit<EndpointSettings, "apiKey" | "stream">>> = {
  "Ollama (local)": { protocol: "openai", baseUrl: "http://localhost:11434/v1", model: "llama3.2" },
  "LM Studio (local)": {
    protocol: "openai",
    baseUrl: "http://localhost:1234/v1",
    model: "local-model",
  },
  OpenAI: { protocol: "openai", baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" },
  Anthropic: {
    protocol: "anthropic",
    baseUrl: "https://api.anthropic.com/v1",
    model: "claude-sonnet-4-5",
  },
  "In this browser": { protocol: "local", baseUrl: "", model: "" },
};

/** A run's files as buttons that open each in a preview under them. */
function fileButtons(skillbox: Skillbox, urls: readonly string[]): HTMLElement {
  const list = h("ul", { className: "file-list", "aria-label": "Files the script wrote" });
  const preview = h("div", { className: "tool-preview" });
  showOutputFiles(skillbox, urls, list, preview);
  return h("div", {}, list, preview);
}

function toolCallView(
  skillbox: Skillbox,
  call: ModelToolCall,
  result: ToolResult | undefined,
): HTMLElement {
  const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
  const parsed = (() => {
    try {
      return JSON.parse(args) as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  const outcome = !result
    ? "running…"
    : "error" in result
      ? "refused"
      : "exit_code" in result
        ? `exit ${result.exit_code}`
        : "loaded";
  const files = result && "exit_code" in result ? result.files : [];
  return h(
    "div",
    { className: "tool-call" },
    h(
      "details",
      {},
      h(
        "summary",
        {},
        `${call.name} ${String(parsed.skill_name ?? "")} ${String(parsed.script_path ?? "")} → ${outcome}`,
      ),
      h("h5", {}, "Arguments"),
      h("pre", {}, JSON.stringify(parsed, null, 2)),
      h("h5", {}, "Result"),
      h("pre", {}, result ? JSON.stringify(result, null, 2) : ""),
    ),
    files.length > 0 ? fileButtons(skillbox, files) : null,
  );
}

function transcriptView(
  skillbox: Skillbox,
  items: readonly TranscriptItem[],
  streaming: string,
): HTMLElement[] {
  const results = new Map(
    items.flatMap((i) => (i.role === "tool" ? [[i.callId, i.result] as const] : [])),
  );
  const views: HTMLElement[] = [];
  for (const item of items) {
    if (item.role === "user")
      views.push(
        h("div", { className: "message user" }, h("strong", {}, "You"), h("p", {}, item.text)),
      );
    if (item.role === "assistant") {
      views.push(
        h(
          "div",
          { className: "message assistant" },
          h("strong", {}, "Assistant"),
          item.text ? markdownView(item.text) : null,
          ...item.toolCalls.map((call) => toolCallView(skillbox, call, results.get(call.id))),
        ),
      );
    }
  }
  if (streaming)
    views.push(
      h(
        "div",
        { className: "message assistant streaming" },
        h("strong", {}, "Assistant"),
        h("p", {}, streaming),
      ),
    );
  return views;
}

/** The connection test's finding, said plainly, in a live region. */
function checkView(check: EndpointCheck): HTMLElement {
  return h(
    "p",
    { className: `check-result ${check.ok ? "ok" : "problem"}`, role: "status" },
    check.message,
  );
}

/**
 * The chat: endpoint settings with a connection test, the agent's skills, the conversation,
 * send and stop. Until a model is connected it says what works without one.
 */
export function chatPanel(skillbox: Skillbox, options: ChatPanelOptions = {}): HTMLElement {
  const protocol = h(
    "select",
    { id: "chat-protocol" },
    h("option", { value: "openai" }, "OpenAI-compatible"),
    h("option", { value: "anthropic" }, "Anthropic"),
    h("option", { value: "local" }, "In-browser model"),
  );
  const baseUrl = h("input", { id: "chat-base-url", type: "url" });
  const model = h("input", { id: "chat-model" });
  const apiKey = h("input", {
    id: "chat-api-key",
    type: "password",
    autocomplete: "off",
    placeholder: "Kept only in this browser",
  });
  const stream = h("input", { id: "chat-stream", type: "checkbox", checked: true });
  const settingsStatus = h("p", { className: "muted", role: "status" });
  const checkResult = h("div", { id: "chat-check" });
  const messages = h("div", {
    id: "chat-messages",
    className: "messages",
    role: "log",
    "aria-label": "Conversation",
    tabIndex: 0,
  });
  const input = h("textarea", {
    id: "chat-input",
    rows: 2,
    "aria-label": "Message",
    placeholder: "Message (Enter sends, Shift+Enter for a new line)",
  });
  const send = h("button", { type: "submit", id: "chat-send" }, "Send");
  const stop = h(
    "button",
    {
      type: "button",
      id: "chat-stop",
      className: "secondary",
      disabled: true,
      onclick: () => skillbox.chat.cancel(),
    },
    "Stop",
  );
  const usage = h("p", { id: "chat-usage", className: "muted" });
  const skills = h("div", { id: "chat-skills", className: "row" });

  const renderSkills = async () => {
    const bound = (await skillbox.profile()).filter((s) => s.bound);
    skills.replaceChildren(
      "Skills: ",
      ...bound.map((skill) => {
        const box = h("input", {
          type: "checkbox",
          checked: skill.active,
          name: `chat-active-${skill.name}`,
        });
        box.addEventListener(
          "change",
          () => void skillbox.updateProfile(skill.name, { active: box.checked }),
        );
        return h("label", { className: "toggle" }, box, skill.name);
      }),
      bound.length === 0 ? "none bound — the model gets no tools" : "",
    );
  };

  const chosenProtocol = (): EndpointSettings["protocol"] =>
    protocol.value === "anthropic" || protocol.value === "local" ? protocol.value : "openai";
  // A server's model name and an in-browser model's id are kept apart while switching.
  let localModel = "";
  const settingsFromForm = (): EndpointSettings => {
    const local = chosenProtocol() === "local";
    return {
      protocol: chosenProtocol(),
      baseUrl: local ? "" : baseUrl.value.trim(),
      model: local ? localModel : model.value.trim(),
      apiKey: local ? "" : apiKey.value,
      stream: local || stream.checked,
    };
  };
  const serverFields = [
    h("label", { className: "field" }, "Base URL", baseUrl),
    h("label", { className: "field" }, "Model", model),
    h("label", { className: "field" }, "API key", apiKey),
    h("label", { className: "toggle" }, stream, "Stream answers"),
  ];
  const localModels = localModelsPanel(skillbox, {
    chosen: () => localModel,
    choose: (id) => {
      localModel = id;
    },
  });
  const showProtocolFields = () => {
    const local = chosenProtocol() === "local";
    for (const field of serverFields) field.hidden = local;
    localModels.element.hidden = !local;
    if (local) void localModels.refresh();
  };
  protocol.addEventListener("change", showProtocolFields);
  showProtocolFields();
  const fillForm = (settings: EndpointSettings) => {
    protocol.value = settings.protocol;
    if (settings.protocol === "local") {
      // The preset names no model: keep the one chosen.
      if (settings.model) localModel = settings.model;
    } else {
      baseUrl.value = settings.baseUrl;
      model.value = settings.model;
      apiKey.value = settings.apiKey;
      stream.checked = settings.stream;
    }
    showProtocolFields();
  };
  const render = (items: readonly TranscriptItem[], streaming = "") => {
    messages.replaceChildren(...transcriptView(skillbox, items, streaming));
    messages.scrollTop = messages.scrollHeight;
    void skillbox.usage().then((counts) => {
      usage.textContent = `Skill executions: ${counts.skill_execution}`;
    });
  };

  const submit = async () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    send.disabled = true;
    stop.disabled = false;
    await skillbox.chat.send(text, (items, streaming) => render(items, streaming));
    render(await skillbox.chat.transcript());
    send.disabled = false;
    stop.disabled = true;
    input.focus();
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  });

  const presets = Object.entries(PRESETS).map(([label, preset]) =>
    h(
      "button",
      {
        type: "button",
        className: "secondary",
        onclick: () => fillForm({ ...settingsFromForm(), ...preset }),
      },
      label,
    ),
  );
  const testButton = h(
    "button",
    {
      type: "button",
      id: "chat-test",
      className: "secondary",
      onclick: async () => {
        testButton.disabled = true;
        checkResult.replaceChildren(h("p", { className: "muted", role: "status" }, "Testing…"));
        const check = await skillbox.chat.checkEndpoint(settingsFromForm());
        checkResult.replaceChildren(checkView(check));
        testButton.disabled = false;
      },
    },
    "Test connection",
  );
  const firstRun = h("section", {
    className: "first-run",
    hidden: true,
    "aria-label": "Getting started",
  });
  const settingsForm = h(
    "form",
    {
      className: "endpoint",
      onsubmit: (event: Event) => {
        event.preventDefault();
        void skillbox.chat.setEndpoint(settingsFromForm()).then(() => {
          settingsStatus.textContent = "Saved.";
          firstRun.hidden = true;
        });
      },
    },
    h("div", { className: "row" }, "Presets: ", ...presets),
    h("label", { className: "field" }, "Protocol", protocol),
    ...serverFields,
    localModels.element,
    h(
      "div",
      { className: "row" },
      h("button", { type: "submit", id: "chat-save" }, "Save endpoint"),
      testButton,
    ),
    checkResult,
    settingsStatus,
  );
  const settings = h(
    "details",
    { className: "settings" },
    h("summary", {}, "Model endpoint"),
    settingsForm,
  );
  firstRun.append(
    h("h3", {}, "No model is connected yet"),
    h("p", {}, "Skills run without one: every script runs here in the browser, with no network."),
    h(
      "div",
      { className: "row" },
      options.tryDemo
        ? h(
            "button",
            { type: "button", id: "first-run-demo", onclick: options.tryDemo },
            "Try a demo script",
          )
        : null,
      h(
        "button",
        {
          type: "button",
          id: "first-run-connect",
          className: "secondary",
          onclick: () => {
            settings.open = true;
            presets[0]?.focus();
          },
        },
        "Connect a model",
      ),
    ),
    h(
      "p",
      { className: "muted" },
      "A model in this browser or a local server (Ollama, LM Studio, llama.cpp) keeps everything on this machine; a hosted API needs its key, which stays in this browser.",
    ),
  );

  const panel = h(
    "section",
    { className: "chat", id: "chat", "aria-label": "Chat" },
    h("h2", {}, "Chat"),
    firstRun,
    settings,
    skills,
    messages,
    h(
      "form",
      {
        className: "composer",
        onsubmit: (event: Event) => {
          event.preventDefault();
          void submit();
        },
      },
      input,
      h(
        "div",
        { className: "row" },
        send,
        stop,
        h(
          "button",
          {
            type: "button",
            className: "secondary",
            onclick: () => void skillbox.chat.clear().then(() => render([])),
          },
          "New chat",
        ),
      ),
    ),
    usage,
  );
  void skillbox.ready.then(async () => {
    fillForm(await skillbox.chat.endpoint());
    firstRun.hidden = await skillbox.chat.endpointChosen();
    render(await skillbox.chat.transcript());
    await renderSkills();
  });
  panel.addEventListener("library-changed", () => void renderSkills());
  return panel;
}
