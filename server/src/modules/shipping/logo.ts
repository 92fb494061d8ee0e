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
 * CSS `url()` and `@import`) — an internal reference (`#id`) is fine. They are looked for in the
 * text as written and with its character references and CSS escapes spelt out (`spelledOut`).
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

/** A character as XML writes it (`&#117;`, `&#x75;`) or CSS escapes it (`\75 `, `\u`). */
const XML_REFERENCE = /&#(x[0-9a-f]+|[0-9]+);?/gi;
const CSS_ESCAPE = /\\([0-9a-f]{1,6}\s?|[^0-9a-f\n])/gi;

const fromCodePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd');

/**
 * The text with its character references and CSS escapes written out, so that `&#117;rl(` or
 * `\75 rl(` meets the patterns as the `url(` librsvg would read.
 */
function spelledOut(text: string): string {
  return text
    .replace(XML_REFERENCE, (_, ref: string) =>
      fromCodePoint(ref[0].toLowerCase() === 'x' ? Number.parseInt(ref.slice(1), 16) : Number(ref)),
    )
    .replace(CSS_ESCAPE, (_, esc: string) =>
      /^[0-9a-f]/i.test(esc) ? fromCodePoint(Number.parseInt(esc.trim(), 16)) : esc,
    );
}

/** The longest side of a stored logo, in pixels (a larger one is scaled down). */
const LOGO_MAX_PX = 1024;
/**
 * The most pixels a logo is decoded or drawn at: a file of 1 MB may declare 16,000 × 16,000
 * pixels (a gigabyte once decoded). 24 million lets a 6,000 × 4,000 photo through.
 */
const LOGO_MAX_INPUT_PIXELS = 24_000_000;
/** SVG's own resolution (sharp draws an SVG at 72 dpi: one pixel per user unit). */
const SVG_DPI = 72;

/** Whether `data` is an SVG document free of what SVG_FORBIDDEN lists. */
function isSafeSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  if (!SVG_START.test(text)) return false;
  const spelled = spelledOut(text);
  return !SVG_FORBIDDEN.some((re) => re.test(text) || re.test(spelled));
}

/**
 * Draws a checked SVG into a PNG of at most LOGO_MAX_PX a side. Its declared size is read first
 * (no drawing), so a large one is drawn at a lower resolution instead of at full size and then
 * scaled; one still over LOGO_MAX_INPUT_PIXELS at the lowest resolution is refused.
 */
async function drawSvg(data: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false }).metadata();
  const side = Math.max(width, height, 1);
  const density = Math.min(SVG_DPI, Math.max(1, (SVG_DPI * LOGO_MAX_PX) / side));
  return sharp(data, { density, limitInputPixels: LOGO_MAX_INPUT_PIXELS })
    .resize(LOGO_MAX_PX, LOGO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/**
 * Checks an uploaded logo by its content, at most 1 MB: a PNG, JPEG or WebP is re-encoded in its
 * own format (pixels only, `reencodeImage`), scaled down to LOGO_MAX_PX a side, and refused when it
 * declares more than LOGO_MAX_INPUT_PIXELS; an SVG is refused when it holds scripts, event
 * handlers, entities or outside links, and otherwise drawn into a PNG, so no SVG is ever served.
 * Anything else, whatever its name, is refused (`shipping_logo_type`).
 */
export async function prepareLogo(data: Buffer): Promise<PreparedLogo> {
  if (data.length > SHIPPING_LOGO_MAX_BYTES) throw logoSizeError();
  const type = await fileTypeFromBuffer(data);
  const kind = type && IMAGE_TYPES[type.mime];
  try {
    if (kind) {
      const clean = await reencodeImage(data, kind.format, {
        maxInputPixels: LOGO_MAX_INPUT_PIXELS,
        maxSide: LOGO_MAX_PX,
      });
      return { ext: kind.ext, data: clean };
    }
    if (isSafeSvg(data)) return { ext: 'png', data: await drawSvg(data) };
  } catch {
    // bytes that only look like an image
  }
  throw logoTypeError();
}

/**
 * Whether a stored logo is a file this module stored (`shipping/<name>.<ext>`), to remove with its
 * method; an outside address, or a path kept from before the catalogue (another folder), is left.
 */
export const isStoredLogo = (logo: string | null): logo is string =>
  !!logo && /^shipping\/[\w-]+\.[a-z0-9]+$/.test(logo);
