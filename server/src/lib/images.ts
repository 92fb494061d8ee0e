import sharp from 'sharp';

export type TImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * Re-encodes an uploaded image in its own format, so that only pixels are kept: turned upright
 * from its EXIF orientation, converted to sRGB, every metadata block dropped (EXIF with GPS
 * positions, XMP, IPTC, ICC profile, comments), and anything hidden after the image's end gone.
 * An animated image keeps its first frame. Throws when the bytes do not decode as an image, or
 * declare more pixels than `limits.maxInputPixels` (a small file may declare a huge image).
 */
export function reencodeImage(
  data: Buffer,
  format: TImageFormat,
  limits: {
    /** The most pixels decoded (width × height as the file declares them); more throws. */
    maxInputPixels?: number;
    /** The longest side kept, in pixels: a larger image is scaled down to it. */
    maxSide?: number;
  } = {},
): Promise<Buffer> {
  let image = sharp(data, limits.maxInputPixels ? { limitInputPixels: limits.maxInputPixels } : {}).rotate();
  if (limits.maxSide) {
    image = image.resize(limits.maxSide, limits.maxSide, { fit: 'inside', withoutEnlargement: true });
  }
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}
