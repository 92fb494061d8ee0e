import { SHIPPING_LOGO_MAX_BYTES } from '@livecart/contract/shipping';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage, type TImageFormat } from '../../lib/images.ts';

/** A checked logo, ready to store. */
export interface PreparedLogo {
  ext: string;
  data: Buffer;
}

const IMAGE_TYPES: Record<string, { ext: string; format: TImageFormat }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
};

export const logoTypeError = () => new AppError('shipping_logo_type', { logo: 'image_only' });
export const logoSizeError = () => new AppError('shipping_logo_size', { logo: 'file_too_large' });

/** What may open an SVG document before its `<svg` element: a BOM, the XML declaration, comments. */
const SVG_START = /^\ufeff?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * What an SVG must not hold to be drawn: scripts, embedded HTML, entity declarations (billion
 * laughs, external entities), event handlers, and links to anything outside the document (`href`,
 * CSS `url()` and `@import`) — an internal reference (`#id`) is fine.
 */
const SVG_FORBIDDEN = [
  /<script/i,
  /<foreignObject/i,
  /<!ENTITY/i,
  /<!DOCTYPE/i,
  /[\s"'/]on[a-z]+\s*=/i,
  /\bhref\s*=(?!\s*["']\s*#)/i,
  /url\((?!\s*["']?\s*#)/i,
  /@import/i,
];

/** The largest side of a drawn SVG logo, in pixels. */
const SVG_MAX_PX = 1024;

/** Whether `data` is an SVG document free of what SVG_FORBIDDEN lists. */
function isSafeSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  if (!SVG_START.test(text)) return false;
  return !SVG_FORBIDDEN.some((re) => re.test(text));
}

/**
 * Checks an uploaded logo by its content, at most 1 MB: a PNG, JPEG or WebP is re-encoded in its
 * own format (pixels only, `reencodeImage`); an SVG is refused when it holds scripts, event
 * handlers, entities or outside links, and otherwise drawn into a PNG, so no SVG is ever served.
 * Anything else, whatever its name, is refused (`shipping_logo_type`).
 */
export async function prepareLogo(data: Buffer): Promise<PreparedLogo> {
  if (data.length > SHIPPING_LOGO_MAX_BYTES) throw logoSizeError();
  const type = await fileTypeFromBuffer(data);
  const kind = type && IMAGE_TYPES[type.mime];
  try {
    if (kind) return { ext: kind.ext, data: await reencodeImage(data, kind.format) };
    if (isSafeSvg(data)) {
      const png = await sharp(data, { limitInputPixels: 8192 * 8192 })
        .resize(SVG_MAX_PX, SVG_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      return { ext: 'png', data: png };
    }
  } catch {
    // bytes that only look like an image
  }
  throw logoTypeError();
}

/** Whether a stored logo is one of our files (not an outside address), to remove with its method. */
export const isStoredLogo = (logo: string | null): logo is string =>
  !!logo && !/^(https?:)?\/\//.test(logo) && !logo.startsWith('/');
