import sharp from 'sharp';

export type TImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * Re-encodes an uploaded image in its own format, so that only pixels are kept: turned upright
 * from its EXIF orientation, converted to sRGB, every metadata block dropped (EXIF with GPS
 * positions, XMP, IPTC, ICC profile, comments), and anything hidden after the image's end gone.
 * An animated image keeps its first frame. Throws when the bytes do not decode as an image.
 */
export function reencodeImage(data: Buffer, format: TImageFormat): Promise<Buffer> {
  const image = sharp(data).rotate();
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}
