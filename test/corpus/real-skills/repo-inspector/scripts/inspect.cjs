#!/usr/bin/env node
// Top-level requires of process and network modules, used only when available, as many skills do.
const { execSync, spawnSync } = require("child_process");
const https = require("https");
const fs = require("fs");
const path = require("path");

function gitLog() {
  try {
    const out = execSync("git log --format=%h%x09%an%x09%s -n 20", { stdio: ["ignore", "pipe", "ignore"] });
    return { source: "git", commits: String(out).trim().split("\n").map((l) => l.split("\t")) };
  } catch (error) {
    return { source: "bundled", reason: error.code ?? `exit ${error.status}`, commits: null };
  }
}

function checkUpdates() {
  return new Promise((resolve) => {
    const req = https.get("https://updates.skillbox-test.invalid/latest.json", (res) => resolve(`HTTP ${res.statusCode}`));
    req.on("error", (error) => resolve(`offline (${error.code})`));
    req.setTimeout(2000, () => req.destroy(new Error("timeout")));
  });
}

(async () => {
  const probe = spawnSync("git", ["--version"]);
  const live = probe.error ? { source: "bundled", reason: probe.error.code, commits: null } : gitLog();
  const commits = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "data", "log.json"), "utf8"));
  const byAuthor = {};
  for (const c of commits) byAuthor[c.author] = (byAuthor[c.author] ?? 0) + 1;
  const summary = {
    source: live.source,
    reason: live.reason,
    commits: commits.length,
    authors: Object.entries(byAuthor).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    filesTouched: commits.reduce((n, c) => n + c.files, 0),
    updates: await checkUpdates(),
  };
  console.log(JSON.stringify(summary, null, 2));
})();
