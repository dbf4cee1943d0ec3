import type { HLJSApi, LanguageFn } from "highlight.js";

type LanguageModule = { default: LanguageFn };

/** Loaded on first use, so the app's first screen does not carry the highlighter. */
const LANGUAGES: Readonly<Record<string, () => Promise<LanguageModule>>> = {
  python: () => import("highlight.js/lib/languages/python"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  bash: () => import("highlight.js/lib/languages/bash"),
  json: () => import("highlight.js/lib/languages/json"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  xml: () => import("highlight.js/lib/languages/xml"),
  css: () => import("highlight.js/lib/languages/css"),
  ini: () => import("highlight.js/lib/languages/ini"),
};

let core: Promise<HLJSApi> | undefined;

/**
 * `text` as highlight.js HTML for `language`: the highlighter escapes the text itself, so the
 * markup holds nothing of the file's but text in its own spans.
 */
export async function highlightedHtml(text: string, language: string): Promise<string | null> {
  const load = LANGUAGES[language];
  if (!load) return null;
  core ??= import("highlight.js/lib/core").then((module) => module.default);
  const hljs = await core;
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, (await load()).default);
  return hljs.highlight(text, { language, ignoreIllegals: true }).value;
}
