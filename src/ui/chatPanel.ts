import type {
  EndpointSettings,
  ModelToolCall,
  Skillbox,
  ToolResult,
  TranscriptItem,
} from "../index";
import { h } from "./dom";
import { renderMarkdown } from "./markdown";

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
};

function toolCallView(call: ModelToolCall, result: ToolResult | undefined): HTMLElement {
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
    "details",
    { className: "tool-call" },
    h(
      "summary",
      {},
      `${call.name} ${String(parsed.skill_name ?? "")} ${String(parsed.script_path ?? "")} → ${outcome}`,
    ),
    h("h5", {}, "Arguments"),
    h("pre", {}, JSON.stringify(parsed, null, 2)),
    h("h5", {}, "Result"),
    h("pre", {}, result ? JSON.stringify(result, null, 2) : ""),
    files.length > 0
      ? h(
          "ul",
          {},
          ...files.map((url) =>
            h(
              "li",
              {},
              h(
                "a",
                { href: url, download: url.split("/").pop() ?? "file", target: "_blank" },
                url.split("/").slice(-2).join("/"),
              ),
            ),
          ),
        )
      : null,
  );
}

function transcriptView(items: readonly TranscriptItem[], streaming: string): HTMLElement[] {
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
          item.text ? renderMarkdown(item.text) : null,
          ...item.toolCalls.map((call) => toolCallView(call, results.get(call.id))),
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

/** The chat: endpoint settings, the agent's skills, the conversation, send and stop. */
export function chatPanel(skillbox: Skillbox): HTMLElement {
  const protocol = h(
    "select",
    { id: "chat-protocol" },
    h("option", { value: "openai" }, "OpenAI-compatible"),
    h("option", { value: "anthropic" }, "Anthropic"),
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
  const settingsStatus = h("span", { className: "status" });
  const messages = h("div", { id: "chat-messages", className: "messages", "aria-live": "polite" });
  const input = h("textarea", {
    id: "chat-input",
    rows: 2,
    placeholder: "Message (Enter sends, Shift+Enter for a new line)",
  });
  const send = h("button", { type: "submit", id: "chat-send" }, "Send");
  const stop = h(
    "button",
    { type: "button", id: "chat-stop", disabled: true, onclick: () => skillbox.chat.cancel() },
    "Stop",
  );
  const usage = h("p", { id: "chat-usage", className: "status" });
  const skills = h("div", { id: "chat-skills", className: "presets" });

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

  const settingsFromForm = (): EndpointSettings => ({
    protocol: protocol.value === "anthropic" ? "anthropic" : "openai",
    baseUrl: baseUrl.value.trim(),
    model: model.value.trim(),
    apiKey: apiKey.value,
    stream: stream.checked,
  });
  const fillForm = (settings: EndpointSettings) => {
    protocol.value = settings.protocol;
    baseUrl.value = settings.baseUrl;
    model.value = settings.model;
    apiKey.value = settings.apiKey;
    stream.checked = settings.stream;
  };
  const render = (items: readonly TranscriptItem[], streaming = "") => {
    messages.replaceChildren(...transcriptView(items, streaming));
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
      { type: "button", onclick: () => fillForm({ ...settingsFromForm(), ...preset }) },
      label,
    ),
  );
  const settingsForm = h(
    "form",
    {
      className: "endpoint",
      onsubmit: (event: Event) => {
        event.preventDefault();
        void skillbox.chat.setEndpoint(settingsFromForm()).then(() => {
          settingsStatus.textContent = "Saved.";
        });
      },
    },
    h("div", { className: "presets" }, "Presets: ", ...presets),
    h("label", {}, "Protocol", protocol),
    h("label", {}, "Base URL", baseUrl),
    h("label", {}, "Model", model),
    h("label", {}, "API key", apiKey),
    h("label", { className: "toggle" }, stream, "Stream answers"),
    h("button", { type: "submit", id: "chat-save" }, "Save endpoint"),
    settingsStatus,
  );

  const panel = h(
    "section",
    { className: "panel", id: "chat" },
    h("h2", {}, "Chat"),
    h("details", {}, h("summary", {}, "Model endpoint"), settingsForm),
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
        { className: "actions" },
        send,
        stop,
        h(
          "button",
          { type: "button", onclick: () => void skillbox.chat.clear().then(() => render([])) },
          "New chat",
        ),
      ),
    ),
    usage,
  );
  void skillbox.ready.then(async () => {
    fillForm(await skillbox.chat.endpoint());
    render(await skillbox.chat.transcript());
    await renderSkills();
  });
  panel.addEventListener("library-changed", () => void renderSkills());
  return panel;
}
