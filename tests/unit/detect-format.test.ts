import { describe, expect, it } from "vitest";
import { detectImageFormat } from "../../server/images/detect-format";

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("detectImageFormat", () => {
  it("recognises each accepted format by its leading bytes", () => {
    expect(detectImageFormat(bytes([0x89], "PNG\r\n\x1a\n", "rest"))).toBe("png");
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectImageFormat(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(detectImageFormat(bytes("GIF87a", [1, 0]))).toBe("gif");
    expect(detectImageFormat(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
  });

  it("rejects everything else, including near misses and short input", () => {
    expect(detectImageFormat(bytes("hello, I am a .png"))).toBeNull();
    expect(detectImageFormat(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageFormat(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull(); // a WAV file
    expect(detectImageFormat(bytes("GIF88a"))).toBeNull();
    expect(detectImageFormat(bytes([0x89], "PNG"))).toBeNull(); // truncated signature
    expect(detectImageFormat(bytes([0xff, 0xd8]))).toBeNull();
    expect(detectImageFormat(new Uint8Array())).toBeNull();
  });
});
