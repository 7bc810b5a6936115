import type { Sharp } from "sharp";
import { AppError } from "../platform/errors";
import { IMAGE_APP_ERRORS } from "./error-codes";
import { detectImageFormat, type ImageFormat } from "./detect-format";

/**
 * Turns an untrusted upload into an image we are willing to serve: the leading bytes pick
 * the format, sharp fully decodes it under a pixel cap and re-encodes it in that same
 * format. Re-encoding without `withMetadata` drops EXIF (GPS, camera serials), XMP, IPTC
 * and ICC, and leaves nothing of a polyglot's trailing payload.
 */

/** 4096 x 4096: far above any avatar, far below what could exhaust memory while decoding. */
export const MAX_INPUT_PIXELS = 16_777_216;

export interface ProcessedImage {
  data: Buffer;
  ext: "jpg" | "png" | "webp" | "gif";
  contentType: string;
  width: number;
  height: number;
}

const invalidType = () => new AppError(IMAGE_APP_ERRORS.UPLOAD_INVALID, "Use JPEG, PNG, WebP, or GIF");

const output: Record<ImageFormat, { ext: ProcessedImage["ext"]; contentType: string }> = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  gif: { ext: "gif", contentType: "image/gif" },
};

/** Loaded on the first upload, not at start: libvips is a large native module. */
let sharpModule: Promise<typeof import("sharp")> | undefined;

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const format = detectImageFormat(input);
  if (!format) throw invalidType();

  const { default: sharp } = await (sharpModule ??= import("sharp"));
  try {
    const image = sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // 'error' rejects truncated and corrupt data but tolerates the harmless warnings
      // many real cameras and editors produce (which the default 'warning' would refuse).
      failOn: "error",
      // Keep every frame so an animated GIF/WebP stays animated.
      animated: format === "gif" || format === "webp",
    });
    const meta = await image.metadata();
    if (meta.format !== format) throw invalidType();
    // EXIF orientation becomes real pixels, since the tag itself is dropped. Multi-page
    // images can only be turned 180 degrees, and animated formats rarely carry EXIF.
    const oriented = (meta.pages ?? 1) > 1 ? image : image.rotate();
    const { data, info } = await encode(oriented, format).toBuffer({ resolveWithObject: true });
    return {
      data,
      ...output[format],
      width: info.width,
      // An animation is one tall strip of frames; the image's own height is one frame.
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Whatever sharp refused (truncation, garbage after the magic bytes, too many pixels)
    // is, to the uploader, a file that is not one of the accepted image types.
    throw invalidType();
  }
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 85 });
    case "png":
      return image.png();
    case "webp":
      return image.webp({ quality: 85 });
    case "gif":
      return image.gif();
  }
}
