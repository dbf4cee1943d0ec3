import components from "../ui/styles/components.css?inline";
import { styleSheetOf } from "../ui/styles/pageStyles";
import theme from "../ui/styles/theme.css?inline";

/**
 * The elements' styles: the app's theme and components, so the widget looks as the app does.
 * Hosts theme them with CSS custom properties (`--skillbox-accent`, `--skillbox-background`,
 * `--skillbox-foreground`, `--skillbox-border`, `--skillbox-font`, `--skillbox-mono`,
 * `--skillbox-radius`) and `::part(…)`.
 */
export const ELEMENT_STYLES = `${theme}
:host {
  display: block;
  font-family: var(--sb-font);
  color: var(--sb-fg);
  background: var(--sb-bg);
  line-height: 1.4;
}
:host([hidden]) { display: none; }
.console, .chat {
  padding: 1rem;
  border: 1px solid var(--sb-border);
  border-radius: var(--sb-radius);
}
[part~="error"] { color: var(--sb-error); }
${components}`;

/**
 * The elements' styles as a constructed style sheet, which a host page's CSP allows without
 * `style-src 'unsafe-inline'` (a `<style>` element in the shadow root would need it).
 */
export function elementStyleSheet(): CSSStyleSheet {
  return styleSheetOf(ELEMENT_STYLES);
}
