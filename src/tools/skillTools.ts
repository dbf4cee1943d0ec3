import {
  describeError,
  isSandboxBusy,
  languageOf,
  type OutputFile,
  type OutputListener,
  type RawRunOutcome,
  type RunRequest,
  type Runtime,
} from "../sandbox/runtime";
import { isSkillFilePath } from "../skills/bundle";
import { contentTypeOf } from "../skills/contentType";
import type { SkillCatalog, SkillVersion } from "../skills/registry";
import { aboutOf } from "../skills/storage";
import {
  type AgentBinding,
  compatibilityLine,
  instructionLine,
  isReachable,
  mcpOriginLine,
  reachableSkills,
} from "./binding";
import { type ToolDefinition, toolDefinitions } from "./definitions";
import { scriptEnvironment, skillDirectory } from "./environment";
import { DEFAULT_TOOL_LIMITS, runRequestLimits, type ToolLimits, timeLimitProblem } from "./limits";
import type { OutputFileStore } from "./outputFiles";
import { type SkillToolCallRecord, type Usage, utf8Prefix } from "./records";
import { type RunScriptResult, shapeRunResult } from "./resultShaping";
import {
  describeArgumentErrors,
  GET_SKILL_INSTRUCTIONS,
  getSkillInstructionsArgsSchema,
  RUN_SKILL_SCRIPT,
  runSkillScriptArgsSchema,
  TOOL_NAMES,
  type ToolName,
} from "./schemas";
import { type ApproveScriptRun, type ScriptPolicy, scriptPolicyRefusal } from "./scriptPolicy";

/** A refusal or failure, as the model receives it. */
export interface ToolError {
  error: string;
}

export interface SkillFileInfo {
  fileName: string;
  sandboxPath: string;
  contentType: string;
  fileSize: number;
}

/** Result of get_skill_instructions (CONTRACT §3). */
export interface SkillInstructions {
  name: string;
  instructions: string;
  skillDirectory: string;
  files: SkillFileInfo[];
  instructions_truncated?: true;
  instructions_total_chars?: number;
}

export type ToolResult = SkillInstructions | RunScriptResult | ToolError;

export const SKILL_NOT_FOUND = "Skill not found";
export const SKILL_NOT_ACCESSIBLE = "Skill is not in this agent's accessible skills";
export const SKILL_HAS_NO_SKILL_FILE = "Skill has no SKILL.md file";

export interface SkillToolsOptions {
  catalog: SkillCatalog;
  runtime: Runtime;
  files: OutputFileStore;
  limits?: Partial<ToolLimits>;
  /** Called once per tool call, refused or not, with its §5 record. */
  onCall?: (record: SkillToolCallRecord, result: ToolResult) => void;
  newRunId?: () => string;
  /** Counters to continue from (usage persisted across reloads). */
  usage?: Usage;
  /** Whether scripts run; `run` when absent. */
  scripts?: ScriptPolicy;
  /** Asked before each run under the `ask` policy. */
  approveRun?: ApproveScriptRun;
}

/** Options of one call. */
export interface CallOptions {
  binding: AgentBinding;
  signal?: AbortSignal;
  /** Hears the run's output while it runs (see {@link OutputListener}). */
  onOutput?: OutputListener;
  /** Overrides the default time limit for this call's run. */
  timeLimitMs?: number;
}

/**
 * The two skill tools of the contract, runtime-agnostic: argument checks, reachability, refusals,
 * result shaping, usage and records all live here and nowhere else.
 */
export class SkillTools {
  readonly limits: ToolLimits;
  readonly usage: Usage;
  private readonly options: SkillToolsOptions;
  private readonly runArgsSchema;

  constructor(options: SkillToolsOptions) {
    this.options = options;
    this.usage = { skill_execution: 0, ...options.usage };
    this.limits = { ...DEFAULT_TOOL_LIMITS, ...options.limits };
    this.runArgsSchema = runSkillScriptArgsSchema(this.limits);
  }

  /** The tools to offer: none when the binding reaches no installed skill (CONTRACT §2). */
  async definitions(binding: AgentBinding): Promise<ToolDefinition[]> {
    const reachable = reachableSkills(binding, await this.options.catalog.listSkills());
    return reachable.length === 0
      ? []
      : toolDefinitions(
          this.limits,
          reachable.map((skill) => skill.name),
        );
  }

  /** One instruction line per bound, Active, installed skill. */
  async instructionLines(binding: AgentBinding): Promise<string[]> {
    return reachableSkills(binding, await this.options.catalog.listSkills()).map(instructionLine);
  }

  /**
   * Lines on what the reachable skills' default versions say of themselves beyond the contract's
   * line: the compatibility they state, and the MCP server a skill came from.
   */
  async skillNoteLines(binding: AgentBinding): Promise<string[]> {
    const { catalog } = this.options;
    const lines = await Promise.all(
      reachableSkills(binding, await catalog.listSkills()).map(async ({ name, about }) => {
        // An entry stored before `about` was kept: its default version is read once more.
        const known = about ?? aboutOf(await catalog.getSkill(name));
        return [
          ...(known.compatibility ? [compatibilityLine(name, known.compatibility)] : []),
          ...(known.mcp ? [mcpOriginLine(name, known.mcp.server, known.mcp.uri)] : []),
        ];
      }),
    );
    return lines.flat();
  }

  /** Runs a tool call; never throws, always resolves to contract JSON. */
  async call(toolName: string, args: unknown, options: CallOptions): Promise<ToolResult> {
    return (await this.callRecorded(toolName, args, options)).result;
  }

  /** {@link call}, with the call's §5 record (none for a name that is not one of the tools). */
  async callRecorded(
    toolName: string,
    args: unknown,
    options: CallOptions,
  ): Promise<{ result: ToolResult; record?: SkillToolCallRecord }> {
    let result: ToolResult;
    try {
      result = await this.dispatch(toolName, args, options);
    } catch (error) {
      result = {
        error: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (!(TOOL_NAMES as readonly string[]).includes(toolName)) return { result };
    const record = recordOf(toolName as ToolName, args, result);
    this.options.onCall?.(record, result);
    return { result, record };
  }

  private async dispatch(
    toolName: string,
    args: unknown,
    options: CallOptions,
  ): Promise<ToolResult> {
    switch (toolName) {
      case GET_SKILL_INSTRUCTIONS:
        return this.getSkillInstructions(args, options.binding);
      case RUN_SKILL_SCRIPT:
        return this.runSkillScript(args, options);
      default:
        return {
          error: `Unknown tool "${toolName}"; the available tools are ${TOOL_NAMES.join(" and ")}`,
        };
    }
  }

  private async getSkillInstructions(args: unknown, binding: AgentBinding): Promise<ToolResult> {
    const parsed = getSkillInstructionsArgsSchema.safeParse(args, { reportInput: true });
    if (!parsed.success) return { error: describeArgumentErrors(parsed.error) };
    const skill = await this.reachableSkill(parsed.data.skill_name, binding);
    if ("error" in skill) return skill;
    const directory = skillDirectory(skill.name);
    return withinLimit(
      {
        name: skill.name,
        instructions: skill.instructions,
        skillDirectory: directory,
        files: [...skill.files.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([fileName, data]) => ({
            fileName,
            sandboxPath: `${directory}/${fileName}`,
            contentType: contentTypeOf(fileName),
            fileSize: data.byteLength,
          })),
      },
      this.limits.resultLimitChars,
    );
  }

  private async runSkillScript(args: unknown, options: CallOptions): Promise<ToolResult> {
    const limitProblem =
      options.timeLimitMs === undefined ? undefined : timeLimitProblem(options.timeLimitMs);
    if (limitProblem) return { error: `Invalid call option ${limitProblem}` };
    const parsed = this.runArgsSchema.safeParse(args, { reportInput: true });
    if (!parsed.success) return { error: describeArgumentErrors(parsed.error) };
    const { skill_name, script_path, args: scriptArgs = [] } = parsed.data;
    const skill = await this.reachableSkill(skill_name, options.binding);
    if ("error" in skill) return skill;
    const pathProblem = scriptPathProblem(script_path, skill);
    if (pathProblem) return { error: pathProblem };
    const refusal = await scriptPolicyRefusal(
      this.options.scripts ?? "run",
      this.options.approveRun,
      { skillName: skill.name, scriptPath: script_path, args: scriptArgs },
      options.signal,
    );
    if (refusal) return { error: refusal };

    const request: RunRequest = {
      runId: this.options.newRunId?.() ?? crypto.randomUUID(),
      language: languageOf(script_path)!,
      skillName: skill.name,
      scriptPath: script_path,
      args: scriptArgs,
      files: Object.fromEntries(skill.files),
      env: scriptEnvironment(skill.name),
      timeLimitMs: options.timeLimitMs ?? this.limits.timeLimitMs,
      ...runRequestLimits(this.limits),
    };
    let outcome: RawRunOutcome;
    try {
      outcome = await this.options.runtime.run(request, options.signal, options.onOutput);
    } catch (error) {
      if (isSandboxBusy(error)) return { error: error.message };
      throw error;
    }
    this.usage.skill_execution += 1;
    const { urls, notes } = await this.storeFiles(request.runId, skill.name, outcome.files);
    return shapeRunResult(outcome, urls, this.limits.resultLimitChars, notes);
  }

  /** Stores a run's files; a store that fails costs the file URLs, never the run's result. */
  private async storeFiles(
    runId: string,
    skillName: string,
    files: readonly OutputFile[],
  ): Promise<{ urls: string[]; notes: string[] }> {
    try {
      return { urls: await this.options.files.save(runId, skillName, files), notes: [] };
    } catch (error) {
      return { urls: [], notes: [`output files could not be stored: ${describeError(error)}`] };
    }
  }

  private async reachableSkill(
    name: string,
    binding: AgentBinding,
  ): Promise<SkillVersion | ToolError> {
    const skill = await this.options.catalog.getSkill(name);
    if (!skill) return { error: SKILL_NOT_FOUND };
    if (!isReachable(binding, name)) return { error: SKILL_NOT_ACCESSIBLE };
    if (![...skill.files.keys()].some(isSkillFilePath)) return { error: SKILL_HAS_NO_SKILL_FILE };
    return skill;
  }
}

/** Keeps a get_skill_instructions result within the tool result limit (CONTRACT §3). */
function withinLimit(result: SkillInstructions, limitChars: number): SkillInstructions {
  const size = JSON.stringify(result).length;
  if (size <= limitChars) return result;
  const total = result.instructions.length;
  const shortened: SkillInstructions = {
    ...result,
    instructions: "",
    instructions_truncated: true,
    instructions_total_chars: total,
  };
  let keep = Math.max(0, limitChars - JSON.stringify(shortened).length);
  // JSON escapes can make the kept text longer than its length; shrink until it fits.
  for (;;) {
    shortened.instructions = result.instructions.slice(0, keep);
    if (JSON.stringify(shortened).length <= limitChars || keep === 0) return shortened;
    keep = Math.floor(keep * 0.9);
  }
}

function scriptPathProblem(scriptPath: string, skill: SkillVersion): string | null {
  if (scriptPath.startsWith("/") || /^[a-zA-Z]:/.test(scriptPath) || scriptPath.startsWith("\\")) {
    return `script_path must be relative to the skill folder, like scripts/run.py (got "${scriptPath}")`;
  }
  if (scriptPath.split(/[\\/]/).includes("..")) {
    return `script_path must not contain '..' (got "${scriptPath}")`;
  }
  if (!languageOf(scriptPath)) {
    return `script_path must end in .py, .sh, .js, .mjs or .cjs (got "${scriptPath}")`;
  }
  if (!skill.files.has(scriptPath)) {
    const scripts = [...skill.files.keys()].filter((p) => languageOf(p)).sort();
    const known =
      scripts.length > 0 ? `; its scripts are: ${scripts.join(", ")}` : "; it has no scripts";
    return `script_path "${scriptPath}" is not a file of skill "${skill.name}"${known}`;
  }
  return null;
}

function recordOf(tool: ToolName, args: unknown, result: ToolResult): SkillToolCallRecord {
  const input = args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {};
  const record: SkillToolCallRecord = {
    tool,
    skill: typeof input.skill_name === "string" ? input.skill_name : "",
    arguments: input,
    output: "",
  };
  if (tool === RUN_SKILL_SCRIPT && typeof input.script_path === "string")
    record.script = input.script_path;
  if ("error" in result) {
    record.output = utf8Prefix(result.error);
  } else if ("exit_code" in result) {
    record.exitCode = result.exit_code;
    record.output = utf8Prefix(
      result.exit_code === 0 ? result.stdout : `${result.stdout}${result.stderr ?? ""}`,
    );
  } else {
    record.output = utf8Prefix(result.instructions);
  }
  return record;
}
