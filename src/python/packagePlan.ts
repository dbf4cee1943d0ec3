import {
  type LockPackage,
  normalizePackageName,
  type PackageLock,
  packagesByName,
} from "./packageLock";
import {
  type Declared,
  hasInlineScriptMetadata,
  importedModules,
  inlineScriptRequirements,
  type MarkerEnvironment,
  markerHolds,
  type Requirement,
  requirementsFileRequirements,
  versionSatisfies,
} from "./requirements";

/** Where a skill declares packages for all its scripts. */
export const REQUIREMENTS_FILE = "requirements.txt";

/** A package a run loads, and whether the run needs it (declared) or only may (an import seen). */
export interface PlannedPackage {
  entry: LockPackage;
  required: boolean;
}

/** What the package set gives one run. */
export interface PackagePlan {
  /** Dependencies before the packages that need them. */
  packages: PlannedPackage[];
  /** Declared requirements the set cannot satisfy, each saying why; the run goes on without them. */
  unsatisfied: string[];
  /** Declarations that could not be read; the run goes on without them. */
  problems: string[];
}

/** A declared requirement checked against the package set. */
export interface DeclaredPackage {
  requirement: string;
  /** Where it is declared: `requirements.txt` or a script's path. */
  declaredIn: string;
  /** The set's package that satisfies it, as `name version`; absent when none does. */
  available?: string;
  /** Why it is not available. */
  reason?: string;
}

const decoder = new TextDecoder();
const text = (data: Uint8Array) => decoder.decode(data);
const isPython = (path: string) => path.endsWith(".py");

function declarationsOf(files: ReadonlyMap<string, Uint8Array>, scripts: readonly string[]) {
  const found: { source: string; declared: Declared }[] = [];
  const requirementsFile = files.get(REQUIREMENTS_FILE);
  if (requirementsFile) {
    found.push({
      source: REQUIREMENTS_FILE,
      declared: requirementsFileRequirements(text(requirementsFile), REQUIREMENTS_FILE),
    });
  }
  for (const script of scripts) {
    const data = files.get(script);
    if (data)
      found.push({ source: script, declared: inlineScriptRequirements(text(data), script) });
  }
  return found;
}

/**
 * The declarations one run follows, by uv's rule: a Python script's own PEP 723 block when it has
 * one (even `dependencies = []`), the skill's `requirements.txt` otherwise.
 */
function runDeclarations(files: ReadonlyMap<string, Uint8Array>, scriptPath: string) {
  const data = isPython(scriptPath) ? files.get(scriptPath) : undefined;
  const source = data && text(data);
  if (source && hasInlineScriptMetadata(source)) {
    return [{ source: scriptPath, declared: inlineScriptRequirements(source, scriptPath) }];
  }
  return declarationsOf(files, []);
}

/** The set's package for a requirement, or why there is none; undefined when its marker is false. */
function match(
  requirement: Requirement,
  byName: ReadonlyMap<string, LockPackage>,
  environment: MarkerEnvironment,
): { entry: LockPackage } | { reason: string } | undefined {
  let applies: boolean;
  try {
    applies = markerHolds(requirement.marker, environment);
  } catch (error) {
    return { reason: (error as Error).message };
  }
  if (!applies) return undefined;
  const entry = byName.get(requirement.name);
  if (!entry) return { reason: "not in this deployment's package set" };
  if (!versionSatisfies(entry.version, requirement.specifier)) {
    return { reason: `the package set has ${entry.name} ${entry.version}` };
  }
  return { entry };
}

/** Every requirement a skill declares (requirements.txt, PEP 723 blocks) and whether the set has it. */
export function declaredPackages(
  lock: PackageLock,
  files: ReadonlyMap<string, Uint8Array>,
  environment: MarkerEnvironment,
): DeclaredPackage[] {
  const byName = packagesByName(lock);
  const scripts = [...files.keys()].filter(isPython).sort();
  return declarationsOf(files, scripts).flatMap(({ source, declared }) =>
    declared.requirements.flatMap((requirement) => {
      const found = match(requirement, byName, environment);
      if (!found) return [];
      return [
        "entry" in found
          ? {
              requirement: requirement.text,
              declaredIn: source,
              available: `${found.entry.name} ${found.entry.version}`,
            }
          : { requirement: requirement.text, declaredIn: source, reason: found.reason },
      ];
    }),
  );
}

/**
 * A plan that grows by adding packages with their dependencies, dependencies first; a package
 * added as required makes its dependencies required too, and a missing one unsatisfied.
 */
function closure(byName: ReadonlyMap<string, LockPackage>) {
  const plan: PackagePlan = { packages: [], unsatisfied: [], problems: [] };
  const planned = new Map<string, PlannedPackage>();
  const add = (entry: LockPackage, required: boolean, path: readonly string[] = []) => {
    const key = normalizePackageName(entry.name);
    const known = planned.get(key);
    if ((known && (known.required || !required)) || path.includes(key)) return;
    if (known) known.required = true;
    for (const dependency of entry.depends) {
      const found = byName.get(normalizePackageName(dependency));
      if (found) add(found, required, [...path, key]);
      else if (required) {
        plan.unsatisfied.push(
          `${entry.name} needs ${dependency}, which is not in this deployment's package set`,
        );
      }
    }
    if (!known) {
      const item = { entry, required };
      planned.set(key, item);
      plan.packages.push(item);
    }
  };
  return { plan, add };
}

/** The packages a deployment preloads into the memory snapshot, with their dependencies. */
export function preloadPlan(lock: PackageLock, names: readonly string[]): PackagePlan {
  const byName = packagesByName(lock);
  const { plan, add } = closure(byName);
  for (const name of names) {
    const entry = byName.get(normalizePackageName(name));
    if (entry) add(entry, true);
    else plan.unsatisfied.push(`${name}: not in this deployment's package set`);
  }
  return plan;
}

/**
 * The packages one run loads: those the script's PEP 723 block (or, without one, the skill's
 * `requirements.txt`) declares, which it needs, and those the set has for modules it imports,
 * itself or through the skill's modules it imports, which it may need (an import inside a
 * function); with their dependencies. A shell script may run any Python file of the skill, so it
 * gets what all of them import.
 */
export function planPackages(
  lock: PackageLock,
  files: ReadonlyMap<string, Uint8Array>,
  scriptPath: string,
  environment: MarkerEnvironment,
): PackagePlan {
  const byName = packagesByName(lock);
  const byImport = new Map<string, LockPackage>();
  for (const entry of byName.values()) {
    for (const name of entry.imports) byImport.set(name.split(".")[0]!, entry);
  }
  const { plan, add } = closure(byName);

  const shellRun = !isPython(scriptPath);
  const pythonFiles = [...files.keys()].filter(isPython).sort();
  for (const { declared } of runDeclarations(files, scriptPath)) {
    plan.problems.push(...declared.problems);
    for (const requirement of declared.requirements) {
      const found = match(requirement, byName, environment);
      if (!found) continue;
      if ("entry" in found) add(found.entry, true);
      else plan.unsatisfied.push(`${requirement.text}: ${found.reason}`);
    }
  }
  for (const path of shellRun ? pythonFiles : localModuleClosure(files, scriptPath)) {
    const source = text(files.get(path)!);
    for (const module of importedModules(source)) {
      const entry = byImport.get(module);
      if (entry) add(entry, false);
    }
    // A shell script's Python helpers bring their own declarations; they are wanted, not needed.
    if (shellRun) {
      for (const requirement of inlineScriptRequirements(source, path).requirements) {
        const found = match(requirement, byName, environment);
        if (found && "entry" in found) add(found.entry, false);
      }
    }
  }
  return plan;
}

/** The Python files of the skill a script imports, directly or through each other, and itself. */
function localModuleClosure(files: ReadonlyMap<string, Uint8Array>, scriptPath: string): string[] {
  const byModule = new Map<string, string[]>();
  for (const path of files.keys()) {
    const module = /(?:^|\/)([A-Za-z_]\w*)(?:\.py|\/__init__\.py)$/.exec(path)?.[1];
    if (module && isPython(path)) byModule.set(module, [...(byModule.get(module) ?? []), path]);
  }
  const seen = new Set([scriptPath]);
  const queue = [scriptPath];
  while (queue.length > 0) {
    for (const module of importedModules(text(files.get(queue.shift()!)!))) {
      for (const path of byModule.get(module) ?? []) {
        if (!seen.has(path)) {
          seen.add(path);
          queue.push(path);
        }
      }
    }
  }
  return [...seen];
}
