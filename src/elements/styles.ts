/**
 * The elements' own styles. Hosts theme them with CSS custom properties (`--skillbox-accent`,
 * `--skillbox-background`, `--skillbox-foreground`, `--skillbox-border`, `--skillbox-font`,
 * `--skillbox-mono`, `--skillbox-radius`) and `::part(…)`.
 */
export const ELEMENT_STYLES = `
:host {
  display: block;
  font-family: var(--skillbox-font, system-ui, sans-serif);
  color: var(--skillbox-foreground, CanvasText);
  background: var(--skillbox-background, Canvas);
  line-height: 1.4;
}
:host([hidden]) { display: none; }
form, .panel {
  display: grid;
  gap: 0.6rem;
  padding: 1rem;
  border: 1px solid var(--skillbox-border, #8886);
  border-radius: var(--skillbox-radius, 0.5rem);
}
label { display: grid; gap: 0.2rem; font-weight: 600; }
select, textarea, input, button { font: inherit; padding: 0.3rem; }
button {
  justify-self: start;
  padding: 0.35rem 1rem;
  color: #fff;
  background: var(--skillbox-accent, #1f4fbf);
  border: 0;
  border-radius: var(--skillbox-radius, 0.5rem);
  cursor: pointer;
}
button:disabled { opacity: 0.6; cursor: progress; }
:focus-visible { outline: 2px solid var(--skillbox-accent, #1f4fbf); outline-offset: 2px; }
pre {
  margin: 0;
  padding: 0.6rem;
  overflow: auto;
  max-height: 24rem;
  white-space: pre-wrap;
  font-family: var(--skillbox-mono, ui-monospace, monospace);
  border: 1px solid var(--skillbox-border, #8886);
  border-radius: var(--skillbox-radius, 0.5rem);
}
[part~="status"] { margin: 0; font-size: 0.9em; }
[part~="error"] { color: #b00020; }
`;

/**
 * The elements' styles as a constructed style sheet, which a host page's CSP allows without
 * `style-src 'unsafe-inline'` (a `<style>` element in the shadow root would need it).
 */
export function elementStyleSheet(extra = ""): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(ELEMENT_STYLES + extra);
  return sheet;
}
