// AES through crypto.createCipheriv/createDecipheriv: CBC, ECB, CTR and GCM with updates cut at
// many places, padding on and off, GCM tags, Node's and OpenSSL's errors, and the stream form.
const c = require("crypto");
const { pipeline, Readable, Writable } = require("stream");

const log = (...values) =>
  console.log(
    values
      .map((v) => (Buffer.isBuffer(v) ? v.toString("hex") : typeof v === "object" ? JSON.stringify(v) : String(v)))
      .join(" "),
  );
const key32 = Buffer.alloc(32, 1), key16 = Buffer.alloc(16, 7), key24 = Buffer.alloc(24, 9), iv = Buffer.alloc(16, 2), nonce = Buffer.alloc(12, 3);
const t = (l, f) => { try { log(l, f()); } catch (e) { log(l, e.name, e.code, e.message); } };
const text = "The quick brown fox jumps over the lazy dog, twice over: 0123456789";
for (const [alg, key, v] of [["aes-256-cbc", key32, iv], ["aes-128-cbc", key16, iv], ["aes-192-cbc", key24, iv], ["aes-128-ecb", key16, null], ["aes-256-ctr", key32, iv], ["aes-128-ctr", key16, Buffer.alloc(16, 255)], ["aes-256-gcm", key32, nonce], ["aes-128-gcm", key16, nonce], ["aes256", key32, iv], ["AES-128-CBC", key16, iv]]) {
  for (const cuts of [[text.length], [3, 20, 40], [16, 32], [1, 15, 16, 17]]) {
    const e = c.createCipheriv(alg, key, v);
    if (alg.includes("gcm")) e.setAAD(Buffer.from("header"));
    const parts = []; let from = 0;
    for (const cut of cuts) { parts.push(e.update(text.slice(from, cut))); from = cut; }
    parts.push(e.update(text.slice(from)));
    parts.push(e.final());
    log(alg, cuts.join(","), parts.map((p) => p.length).join(","));
    const ct = Buffer.concat(parts); log(ct);
    const tag = alg.includes("gcm") ? e.getAuthTag() : null; if (tag) log("tag", tag);
    const d = c.createDecipheriv(alg, key, v);
    if (tag) { d.setAAD(Buffer.from("header")); d.setAuthTag(tag); }
    const back = []; from = 0;
    for (const cut of [5, 16, 32, 33]) { back.push(d.update(ct.subarray(from, Math.min(cut, ct.length)))); from = Math.min(cut, ct.length); }
    back.push(d.update(ct.subarray(from))); back.push(d.final());
    log("back", back.map((p) => p.length).join(","), Buffer.concat(back).toString());
  }
}
t("hex in/out", () => { const e = c.createCipheriv("aes-128-cbc", key16, iv); return e.update("616263", "hex", "base64") + e.final("base64"); });
t("string key", () => c.createCipheriv("aes-128-cbc", "0123456789abcdef", iv).final("hex"));
t("no padding ok", () => { const e = c.createCipheriv("aes-128-cbc", key16, iv); e.setAutoPadding(false); return Buffer.concat([e.update(Buffer.alloc(32, 1)), e.final()]); });
t("no padding bad", () => { const e = c.createCipheriv("aes-128-cbc", key16, iv); e.setAutoPadding(false); e.update("abc"); return e.final(); });
t("bad decrypt", () => { const d = c.createDecipheriv("aes-128-cbc", key16, iv); d.update(Buffer.alloc(16)); return d.final(); });
t("dec empty", () => c.createDecipheriv("aes-128-cbc", key16, iv).final());
t("dec partial", () => { const d = c.createDecipheriv("aes-128-cbc", key16, iv); d.update(Buffer.alloc(10)); return d.final(); });
t("dec nopad", () => { const d = c.createDecipheriv("aes-128-cbc", key16, iv); d.setAutoPadding(false); return Buffer.concat([d.update(Buffer.alloc(32, 5)), d.final()]); });
t("key len", () => c.createCipheriv("aes-256-cbc", Buffer.alloc(5), iv));
t("iv len", () => c.createCipheriv("aes-256-cbc", key32, Buffer.alloc(5)));
t("ecb iv", () => c.createCipheriv("aes-128-ecb", key16, iv));
t("ecb empty iv", () => c.createCipheriv("aes-128-ecb", key16, Buffer.alloc(0)).final());
t("unknown", () => c.createCipheriv("nope", key16, iv));
t("gcm empty iv", () => c.createCipheriv("aes-128-gcm", key16, Buffer.alloc(0)));
t("gcm bad tag", () => { const d = c.createDecipheriv("aes-128-gcm", key16, nonce); d.setAuthTag(Buffer.alloc(16)); d.update(Buffer.from("abc")); return d.final(); });
t("gcm no tag", () => { const d = c.createDecipheriv("aes-128-gcm", key16, nonce); d.update(Buffer.from("abc")); return d.final(); });
t("gcm tag early", () => c.createCipheriv("aes-128-gcm", key16, nonce).getAuthTag());
t("gcm short tag", () => { const g = c.createCipheriv("aes-128-gcm", key16, nonce, { authTagLength: 8 }); g.update("hi"); g.final(); const tag = g.getAuthTag(); const d = c.createDecipheriv("aes-128-gcm", key16, nonce, { authTagLength: 8 }); d.setAuthTag(tag); return [tag.length, d.update(Buffer.from("00", "hex")).length]; });
t("update after final", () => { const x = c.createCipheriv("aes-128-cbc", key16, iv); x.final(); return x.update("a"); });
t("final twice", () => { const x = c.createCipheriv("aes-128-cbc", key16, iv); x.final(); return x.final(); });
t("aad on cbc", () => c.createCipheriv("aes-128-cbc", key16, iv).setAAD(Buffer.alloc(1)));
t("no iv", () => c.createCipheriv("aes-128-cbc", key16));
t("name", () => c.createCipheriv("aes-128-cbc", key16, iv).constructor.name);
log("listed:", ["aes-256-gcm", "aes-128-cbc", "aes-192-ctr"].every((n) => c.getCiphers().includes(n)));

const streamKey = Buffer.alloc(32, 4);
const streamIv = Buffer.alloc(16, 5);
const chunks = [];
pipeline(
  Readable.from(["stream ", "through ", "a cipher ", "and back"]),
  c.createCipheriv("aes-256-cbc", streamKey, streamIv),
  c.createDecipheriv("aes-256-cbc", streamKey, streamIv),
  new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  }),
  (error) => log("pipeline:", error ?? "ok", Buffer.concat(chunks).toString()),
);
