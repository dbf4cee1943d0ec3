import { describe, expect, test, vi } from "vitest";
import { outputFileHeaders, outputFilePresentation } from "../../src/files/servedOutputFile";
import { AdmissionQueue } from "../../src/sandbox/frame/admission";
import { limitOutputFiles, omittedFilesNote } from "../../src/sandbox/outputFileLimits";
import type { OutputMessage } from "../../src/sandbox/protocol";
import { isSandboxBusy } from "../../src/sandbox/runtime";
import { OutputStream } from "../../workers/shared/outputStream";

const file = (path: string, size: number) => ({ path, data: new Uint8Array(size) });

describe("output file limits", () => {
  test("keeps files in order within count and bytes, skipping one too big, counting the rest", () => {
    const { kept, omitted } = limitOutputFiles(
      [file("a", 10), file("b", 1000), file("c", 10), file("d", 10), file("e", 10)],
      { maxFiles: 3, maxBytes: 100 },
    );
    expect(kept.map((f) => f.path)).toEqual(["a", "c", "d"]);
    expect(omitted).toEqual({ files: 2, bytes: 1010 });
    expect(omittedFilesNote(omitted!, { maxFiles: 3, maxBytes: 100 })).toBe(
      "output files past the run's limit of 3 files and 100 B were not kept: 2 files, 1010 B",
    );
  });

  test("reports nothing omitted when everything fits", () => {
    expect(limitOutputFiles([file("a", 1)], { maxFiles: 1, maxBytes: 1 }).omitted).toBeUndefined();
  });
});

describe("served output files", () => {
  test.each([
    ["report.html", "as-text"],
    ["page.htm", "as-text"],
    ["logo.svg", "as-text"],
    ["feed.xml", "as-text"],
    ["data.json", "as-text"],
    ["notes.md", "as-text"],
    ["chart.png", "as-is"],
    ["photo.jpeg", "as-is"],
    ["paper.pdf", "download"],
    ["archive.zip", "download"],
    ["no-extension", "download"],
    ["page.xhtml", "download"],
  ])("%s is %s", (path, presentation) => {
    expect(outputFilePresentation(path)).toBe(presentation);
  });

  test("active formats never keep their type; downloads are attachments; all are sandboxed", () => {
    const html = outputFileHeaders("report.html", 5);
    expect(html["Content-Type"]).toBe("text/plain; charset=utf-8");
    expect(html["Content-Disposition"]).toBeUndefined();
    const pdf = outputFileHeaders("out/paper.pdf", 5);
    expect(pdf["Content-Disposition"]).toBe("attachment; filename*=UTF-8''paper.pdf");
    const asked = outputFileHeaders("report.html", 5, true);
    expect(asked["Content-Type"]).toBe("text/html");
    expect(asked["Content-Disposition"]).toMatch(/^attachment;/);
    for (const headers of [html, pdf, asked]) {
      expect(headers["Content-Security-Policy"]).toBe("sandbox; default-src 'none'");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    }
  });
});

describe("output stream", () => {
  function collect(stream: "stdout" | "stderr", maxChars: number) {
    const messages: OutputMessage[] = [];
    const out = new OutputStream(stream, (m) => messages.push(m), maxChars);
    const kept = () => messages.map((m) => m.text).join("");
    const total = () => messages.reduce((n, m) => n + m.text.length + (m.droppedChars ?? 0), 0);
    return { out, messages, kept, total };
  }

  test("a few lines are sent as they are written; a flood waits for the next window", () => {
    vi.useFakeTimers();
    try {
      const { out, messages, kept } = collect("stdout", 100_000);
      // print('one'); print('two'), then the script blocks: both are already sent.
      out.write("one\n");
      out.write("two\n");
      expect(messages.map((m) => m.text)).toEqual(["one\n", "two\n"]);
      for (let i = 0; i < 100; i++) out.write(`${i}\n`);
      expect(messages).toHaveLength(16);
      vi.advanceTimersByTime(20);
      out.write("later\n");
      expect(messages).toHaveLength(17);
      out.end();
      expect(kept()).toBe(
        `one\ntwo\n${[...Array(100).keys()].map((i) => `${i}\n`).join("")}later\n`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  test("stdout keeps its beginning and counts the rest of a single huge write", () => {
    const { out, kept, total } = collect("stdout", 10);
    out.writeBytes(new TextEncoder().encode("x".repeat(3_000_000)));
    out.end();
    expect(kept()).toBe("x".repeat(10));
    expect(total()).toBe(3_000_000);
  });

  test("stderr keeps its end within the cap however it is written, and counts everything", () => {
    const { out, kept, total, messages } = collect("stderr", 100);
    for (let i = 0; i < 10_000; i++) out.write(`line ${i}\n`);
    out.write("y".repeat(1_000_000));
    out.write("the end\n");
    out.end();
    const expected = [...Array(10_000).keys()].map((i) => `line ${i}\n`).join("");
    expect(total()).toBe(expected.length + 1_000_000 + 8);
    expect(kept().endsWith(`${"y".repeat(92)}the end\n`)).toBe(true);
    for (const message of messages) expect(message.text.length).toBeLessThanOrEqual(200);
  });

  test("a character split across writes is decoded whole", () => {
    const { out, kept } = collect("stdout", 100);
    const bytes = new TextEncoder().encode("é€");
    for (const byte of bytes) out.writeBytes(new Uint8Array([byte]));
    out.end();
    expect(kept()).toBe("é€");
  });
});

describe("admission", () => {
  const limits = { maxConcurrent: 2, maxQueueWaitMs: 200, maxQueued: 2 };

  test("lets the bound in at once, queues the next in order, reports the wait", async () => {
    const queue = new AdmissionQueue("Python", limits);
    const a = await queue.admit();
    const b = await queue.admit();
    expect(a.waitedMs).toBe(0);
    const order: string[] = [];
    const c = queue.admit().then((admission) => {
      order.push("c");
      return admission;
    });
    const d = queue.admit().then(() => order.push("d"));
    expect(queue.depth).toEqual({ running: 2, waiting: 2 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    a.release();
    a.release();
    const admittedC = await c;
    expect(admittedC.waitedMs).toBeGreaterThanOrEqual(50);
    expect(queue.depth).toEqual({ running: 2, waiting: 1 });
    b.release();
    await d;
    expect(order).toEqual(["c", "d"]);
  });

  test("a full queue and a wait past the bound are busy errors; a cancel leaves at once", async () => {
    const queue = new AdmissionQueue("Python", limits);
    await queue.admit();
    await queue.admit();
    const cancel = new AbortController();
    const cancelled = queue.admit(cancel.signal);
    const timedOut = queue.admit();
    await expect(queue.admit()).rejects.toSatisfy(isSandboxBusy);
    cancel.abort();
    await expect(cancelled).rejects.toThrow(/cancelled/);
    expect(queue.depth.waiting).toBe(1);
    const error = await timedOut.catch((e: unknown) => e);
    expect(isSandboxBusy(error)).toBe(true);
    expect((error as Error).message).toMatch(/no Python runtime came free within 200 ms/);
    expect(queue.depth).toEqual({ running: 2, waiting: 0 });
  });
});
