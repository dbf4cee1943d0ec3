import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, jsonSchema, stepCountIs } from "ai";
import { createSkillbox } from "skillbox";

const skillbox = createSkillbox({ storage: "memory", eager: ["python"] });
window.skillbox = skillbox;

const status = document.getElementById("status");
const answer = document.getElementById("answer");
const params = new URLSearchParams(location.search);
for (const field of ["endpoint", "model"]) {
  if (params.has(field)) document.getElementById(field).value = params.get(field);
}

await skillbox.ready;
await skillbox.installSkill({
  files: {
    "word-count/SKILL.md":
      "---\nname: word-count\ndescription: Counts the words of a text.\n---\nRun scripts/count.py with the text as one argument; it prints the count.\n",
    "word-count/scripts/count.py": "import sys\nprint(len(sys.argv[1].split()))\n",
  },
});
status.textContent = "Ready.";

async function ask(prompt) {
  const model = createOpenAICompatible({
    name: "local",
    baseURL: document.getElementById("endpoint").value,
  })(document.getElementById("model").value);
  const { text, steps } = await generateText({
    model,
    system: (await skillbox.tools.instructionLines()).join("\n"),
    tools: await skillbox.tools.aiSdk(jsonSchema),
    stopWhen: stepCountIs(5),
    prompt,
  });
  const calls = steps.flatMap((step) => step.toolResults);
  answer.textContent = `${text}\n\n${JSON.stringify(calls, null, 2)}`;
  status.textContent = "Answered.";
}

document.getElementById("ask").addEventListener("submit", (event) => {
  event.preventDefault();
  status.textContent = "Thinking…";
  ask(document.getElementById("prompt").value).catch((error) => {
    status.textContent = `Failed: ${error.message}`;
  });
});
if (params.has("ask"))
  ask(params.get("ask")).catch((error) => {
    status.textContent = `Failed: ${error.message}`;
  });
