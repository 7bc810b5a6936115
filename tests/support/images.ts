import sharp from "sharp";

export function png(width = 64, height = 48, color = { r: 200, g: 40, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A JPEG whose EXIF carries GPS coordinates, as a phone camera would write it. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" } })
    .toBuffer();
}

/** A three-frame animated GIF, joined from three solid frames. */
export async function animatedGif(): Promise<Buffer> {
  const colors = [{ r: 255, g: 0, b: 0 }, { r: 0, g: 255, b: 0 }, { r: 0, g: 0, b: 255 }];
  const frames = await Promise.all(colors.map((background) => png(16, 16, background)));
  return sharp(frames, { join: { animated: true } }).gif({ loop: 0, delay: 100 }).toBuffer();
}

export function multipart(field: string, data: Buffer, filename = "upload.png", type = "image/png"): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}
