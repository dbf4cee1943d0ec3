// This page's origin must be in the deployment's `embed.allowedOrigins` (skillbox.config.json).
// The deployment's runtime folder: `?deployment=URL` or the preview server of `npm start`.
const deployment = new URL(
  new URLSearchParams(location.search).get("deployment") ?? "http://127.0.0.1:4173/skillbox/",
);
const { connectSkillbox } = await import(new URL("client.js", deployment).href);

const status = document.getElementById("status");
const results = document.getElementById("results");
const skillbox = connectSkillbox({ url: new URL("embed.html", deployment).href });
window.skillbox = skillbox;

try {
  await skillbox.ready;
  await skillbox.installSkill({
    files: {
      "greeter/SKILL.md":
        "---\nname: greeter\ndescription: Greets someone in three languages.\n---\nRun greet.py, greet.js or greet.sh with a name.\n",
      "greeter/greet.py": "import sys\nprint('Hello from Python,', sys.argv[1])\n",
      "greeter/greet.js": "console.log('Hello from JavaScript,', process.argv[2]);\n",
      "greeter/greet.sh": 'echo "Hello from the shell, $1"\n',
    },
  });
  // What this page's own agent would be given: tools whose skill_name lists the skills.
  const tools = await skillbox.tools.openAIChatCompletions({ skills: ["greeter"] });
  results.textContent += `tools: ${tools.map((tool) => tool.function.name).join(", ")}\n`;
  for (const script of ["greet.py", "greet.js", "greet.sh"]) {
    const result = await skillbox.tools.call(
      "run_skill_script",
      JSON.stringify({ skill_name: "greeter", script_path: script, args: ["visitor"] }),
      { skills: ["greeter"] },
    );
    results.textContent += `${script}: ${JSON.stringify(result)}\n`;
  }
  status.textContent = "Done.";
} catch (error) {
  status.textContent = `Failed: ${error.message}`;
}
