// WHATWG streams, as globals and from stream/web: piping through a transform, encoding and
// decoding text, a writable's backpressure, async iteration, and the queuing strategies.
const web = require("node:stream/web");

async function main() {
  console.log(ReadableStream === web.ReadableStream, typeof TextDecoderStream);
  const source = new ReadableStream({
    start(controller) {
      for (const word of ["alpha", "beta", "gamma"]) controller.enqueue(word);
      controller.close();
    },
  });
  const upper = new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk.toUpperCase());
    },
  });
  const seen = [];
  for await (const chunk of source.pipeThrough(upper)) seen.push(chunk);
  console.log(seen);

  const bytes = new ReadableStream({
    start(controller) {
      controller.enqueue("héllo ");
      controller.enqueue("wörld");
      controller.close();
    },
  })
    .pipeThrough(new TextEncoderStream())
    .pipeThrough(new TextDecoderStream());
  const reader = bytes.getReader();
  let text = "";
  for (let step = await reader.read(); !step.done; step = await reader.read()) text += step.value;
  console.log(text);

  const written = [];
  const sink = new WritableStream(
    {
      write(chunk) {
        written.push(chunk);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 2 }),
  );
  const writer = sink.getWriter();
  console.log(writer.desiredSize);
  await writer.write("one");
  await writer.write("two");
  await writer.close();
  console.log(written, new ByteLengthQueuingStrategy({ highWaterMark: 8 }).highWaterMark);

  const failing = new ReadableStream({
    pull() {
      throw new Error("source broke");
    },
  });
  try {
    await failing.getReader().read();
  } catch (error) {
    console.log("read failed:", error.message);
  }
  const round = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("again and again and again"));
      controller.close();
    },
  })
    .pipeThrough(new CompressionStream("gzip"))
    .pipeThrough(new DecompressionStream("gzip"))
    .pipeThrough(new TextDecoderStream());
  let back = "";
  for await (const chunk of round) back += chunk;
  console.log(back);
  try {
    new CompressionStream("zip");
  } catch (error) {
    console.log(error.code, error.message);
  }
  console.log(Object.keys(web).sort().join(","));
}

main();
