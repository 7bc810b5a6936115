import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../server/platform/errors";
import { processImage } from "../../server/images/process-image";

// Fixtures are made by sharp itself, so every case is a real, decodable image.
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } });

async function frames(count: number) {
  const colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"];
  return Promise.all(
    colours.slice(0, count).map((background) =>
      sharp({ create: { width: 16, height: 12, channels: 4, background } }).png().toBuffer(),
    ),
  );
}

async function expectInvalidType(input: Buffer) {
  const error = await processImage(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "UPLOAD_INVALID", status: 400, message: "Use JPEG, PNG, WebP, or GIF" });
}

describe("processImage", () => {
  it.each([
    ["png", "png", "image/png"],
    ["jpeg", "jpg", "image/jpeg"],
    ["webp", "webp", "image/webp"],
    ["gif", "gif", "image/gif"],
  ] as const)("re-encodes %s in the same format", async (format, ext, contentType) => {
    const input = await solid(40, 30).toFormat(format).toBuffer();
    const result = await processImage(input);
    expect(result).toMatchObject({ ext, contentType, width: 40, height: 30 });
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ format, width: 40, height: 30 });
  });

  it("drops EXIF, including GPS position", async () => {
    const input = await solid(40, 30)
      .jpeg()
      .withExif({
        IFD0: { Make: "TestCam", Model: "Serial 12345" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSMapDatum: "WGS-84" },
      })
      .toBuffer();
    // The fixture really carries a GPS IFD (tag 0x8825) and its values.
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes("WGS-84")).toBe(true);
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const result = await processImage(input);
    const after = await sharp(result.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(result.data.includes("WGS-84")).toBe(false);
    expect(result.data.includes("TestCam")).toBe(false);
  });

  it("applies EXIF orientation to the pixels", async () => {
    const input = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 40, height: 20 });

    const result = await processImage(input);
    expect(result).toMatchObject({ width: 20, height: 40 });
    const after = await sharp(result.data).metadata();
    expect(after).toMatchObject({ width: 20, height: 40 });
    expect(after.orientation).toBeUndefined();
  });

  it.each(["gif", "webp"] as const)("keeps an animated %s animated", async (format) => {
    const input = await sharp(await frames(3), { join: { animated: true } })
      .toFormat(format, { delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(3);

    const result = await processImage(input);
    expect(result).toMatchObject({ ext: format, width: 16, height: 12 });
    const after = await sharp(result.data).metadata();
    expect(after).toMatchObject({ format, pages: 3, delay: [100, 200, 300], loop: 0 });
  });

  it("rejects a text file named like an image", async () => {
    await expectInvalidType(Buffer.from("just some notes, saved as avatar.png\n"));
  });

  it("rejects PNG magic bytes followed by HTML", async () => {
    const png = await solid(8, 8).png().toBuffer();
    await expectInvalidType(Buffer.concat([png.subarray(0, 8), Buffer.from("<html><script>alert(1)</script></html>")]));
  });

  it("strips a payload appended to a valid image", async () => {
    const png = await solid(8, 8).png().toBuffer();
    const result = await processImage(Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]));
    expect(result.ext).toBe("png");
    expect(result.data.includes("<script>")).toBe(false);
  });

  it.each(["jpeg", "png", "webp", "gif"] as const)("rejects a truncated %s", async (format) => {
    const noisy = sharp({
      create: { width: 300, height: 200, channels: 3, background: "#336699", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    });
    const full = await noisy.toFormat(format).toBuffer();
    await expectInvalidType(full.subarray(0, Math.floor(full.length * 0.6)));
  });

  it("rejects an image over the pixel limit", async () => {
    const input = await solid(5000, 5000).png().toBuffer(); // 25 MP, but only ~80 KB on the wire
    expect(input.length).toBeLessThan(2 * 1024 * 1024);
    await expectInvalidType(input);
  });
});
