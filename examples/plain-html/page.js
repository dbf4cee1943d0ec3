// The page hears every result as a DOM event, with the contract's JSON.
const log = document.createElement("pre");
log.id = "events";
document.body.append(log);
for (const type of ["skillbox-result", "skillbox-error"]) {
  document.addEventListener(type, (event) => {
    log.textContent += `${type}: ${JSON.stringify(event.detail)}\n`;
  });
}
