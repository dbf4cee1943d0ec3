/**
 * The app page's entry. In a stranger's frame every button would work for that stranger
 * (clickjacking), so there the page offers only a link that opens it in its own tab.
 */
import { framedByAnotherOrigin } from "./frameGuard";

if (framedByAnotherOrigin()) {
  const link = document.createElement("a");
  link.href = location.href;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = "Open Skillbox in its own tab";
  document.getElementById("app")?.replaceChildren(link);
} else {
  const { startApp } = await import("./app");
  await startApp();
}
