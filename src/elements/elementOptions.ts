import { createSkillbox } from "../api/createSkillbox";
import type { SkillboxOptions } from "../api/options";
import type { Skillbox } from "../api/skillbox";
import { connectSkillbox } from "../embed/client";
import { encodeBase64 } from "../encoding/base64";

/** What an element was configured with, checked: a bad attribute names itself. */
export class ElementAttributeError extends Error {
  override readonly name = "ElementAttributeError";
}

const RUNTIMES = new Set(["python", "javascript", "shell"]);

/**
 * The Skillbox an element uses: the deployment named by `deployment` (cross-origin, through
 * `skillbox/client`), or one on this page from the runtime folder at `assets` (or the page's
 * default). Without `storage-name` it keeps everything in memory, so two widgets share nothing.
 */
export function skillboxForElement(
  element: HTMLElement,
  container: HTMLElement,
  defaults: SkillboxOptions,
): Skillbox {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  const deployment = attribute("deployment");
  if (deployment !== undefined) {
    return connectSkillbox({ url: deployment, container });
  }
  const eager = attribute("eager")?.split(/\s+/).filter(Boolean);
  for (const runtime of eager ?? []) {
    if (!RUNTIMES.has(runtime)) {
      throw new ElementAttributeError(
        `attribute "eager": ${JSON.stringify(runtime)} is not one of python, javascript, shell`,
      );
    }
  }
  const storageName = attribute("storage-name");
  const endpoint = endpointOf(element);
  return createSkillbox({
    ...defaults,
    container,
    ...(attribute("assets") ? { assetsUrl: attribute("assets") } : {}),
    ...(storageName ? { storage: "indexeddb", storageName } : { storage: "memory" }),
    ...(eager ? { eager: eager as ("python" | "javascript" | "shell")[] } : {}),
    ...(endpoint ? { endpoint } : {}),
  });
}

/** The `endpoint`, `model` and `protocol` attributes as chat endpoint settings, if given. */
export function endpointOf(element: HTMLElement) {
  const baseUrl = element.getAttribute("endpoint");
  if (baseUrl === null) return undefined;
  const protocol = element.getAttribute("protocol") ?? "openai";
  if (protocol !== "openai" && protocol !== "anthropic") {
    throw new ElementAttributeError(
      `attribute "protocol": ${JSON.stringify(protocol)} is not "openai" or "anthropic"`,
    );
  }
  try {
    new URL(baseUrl);
  } catch {
    throw new ElementAttributeError(
      `attribute "endpoint": ${JSON.stringify(baseUrl)} is not a URL`,
    );
  }
  return {
    protocol,
    baseUrl,
    model: element.getAttribute("model") ?? "llama3.2",
    apiKey: "",
    stream: true,
  } as const;
}

/** Installs the zip at `skill-zip`, fetched by this page, into the element's Skillbox. */
export async function installSkillZip(element: HTMLElement, skillbox: Skillbox): Promise<void> {
  const url = element.getAttribute("skill-zip");
  if (url === null) return;
  const response = await fetch(new URL(url, document.baseURI));
  if (!response.ok)
    throw new Error(`attribute "skill-zip": ${url} answered HTTP ${response.status}`);
  await skillbox.installSkill({
    zipBase64: encodeBase64(new Uint8Array(await response.arrayBuffer())),
  });
}
