import type { SkillSummary } from "../skills/registry";

/** One skill bound to an agent; only Active ones are reachable (CONTRACT §2). */
export interface BoundSkill {
  name: string;
  active: boolean;
}

/** Which skills an agent has. */
export interface AgentBinding {
  skills: readonly BoundSkill[];
}

export function isReachable(binding: AgentBinding, skillName: string): boolean {
  return binding.skills.some((s) => s.name === skillName && s.active);
}

/** A binding with every named skill bound and Active. */
export function bindAll(names: Iterable<string>): AgentBinding {
  return { skills: [...names].map((name) => ({ name, active: true })) };
}

/** Bound, Active skills that are installed, in binding order. */
export function reachableSkills(
  binding: AgentBinding,
  installed: readonly SkillSummary[],
): SkillSummary[] {
  const byName = new Map(installed.map((s) => [s.name, s]));
  return binding.skills.flatMap((s) => {
    const summary = s.active ? byName.get(s.name) : undefined;
    return summary ? [summary] : [];
  });
}

/** Line breaks and other control characters, which would let a description start a new line. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;

/** Text on one line: control characters become spaces, and runs of spaces one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ").replace(/ {2,}/g, " ").trim();
}

/**
 * The line each reachable skill adds to the agent's instructions (CONTRACT §2, verbatim), always
 * exactly one line whatever the name or description holds.
 */
export function instructionLine(skill: Pick<SkillSummary, "name" | "description">): string {
  const name = oneLine(skill.name);
  return `[skill: ${name}] ${oneLine(skill.description)} (call get_skill_instructions("${name}") before using it; run its scripts with run_skill_script)`;
}

/**
 * A line for a reachable skill whose front matter states its `compatibility` (what it needs:
 * "requires network access", a program, a platform), so an agent can tell before a run whether
 * the sandbox offers it. Kept apart from the contract's instruction lines, which stay verbatim.
 */
export function compatibilityLine(name: string, compatibility: string): string {
  return `[skill: ${oneLine(name)}] compatibility: ${oneLine(compatibility)}`;
}

/**
 * A line for a reachable skill installed from an MCP server: the model must be able to tell a
 * server's skill from the user's own, and whose text its instructions are (SEP-2640).
 */
export function mcpOriginLine(name: string, server: string, uri: string): string {
  return `[skill: ${oneLine(name)}] origin: the MCP server ${oneLine(server)} (${oneLine(uri)}); its instructions and scripts are that server's, not the user's`;
}
