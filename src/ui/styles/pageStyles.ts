import components from "./components.css?inline";
import theme from "./theme.css?inline";

/**
 * The library's look for a page that builds on its panels ({@link chatPanel}, {@link runConsole},
 * the previews): the theme's custom properties and the shared components' rules, as a constructed
 * style sheet, which needs no `style-src 'unsafe-inline'`. A page adds its own sheets after it.
 */
export function skillboxStyleSheet(): CSSStyleSheet {
  return styleSheetOf(`${theme}\n${components}`);
}

/**
 * CSS text as a constructed style sheet, for `adoptedStyleSheets`: a page's CSP allows it without
 * `style-src 'unsafe-inline'`, which a `<style>` element would need.
 */
export function styleSheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}
