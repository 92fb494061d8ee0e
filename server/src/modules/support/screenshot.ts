import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@livecart/contract/support';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage, type TImageFormat } from '../../lib/images.ts';

const TYPES: Record<string, { ext: string; format: TImageFormat }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
};

/** A screenshot may declare at most this many pixels (an 8K screen is 33 million). */
const MAX_INPUT_PIXELS = 40_000_000;
/** It is kept at most this many pixels a side: still readable, never the size of a poster. */
const MAX_SIDE = 4096;

/** Where the screenshot is served: content types of the extensions it is stored under. */
export const SCREENSHOT_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const screenshotTypeError = () =>
  new AppError('support_attachment_type', { screenshot: 'screenshot_type' });
export const screenshotSizeError = () =>
  new AppError('support_attachment_size', { screenshot: 'file_too_large' });

/**
 * A help request's screenshot: a .jpg, .png or .webp judged by its content (not its name or
 * declared type), at most 5 MB, really decodable, re-encoded in its own format so that only its
 * pixels are kept (no EXIF position, nothing appended: `reencodeImage`), at most 4096 pixels a side.
 */
export async function cleanScreenshot(data: Buffer): Promise<{ ext: string; data: Buffer }> {
  if (data.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw screenshotSizeError();
  const type = await fileTypeFromBuffer(data);
  const kind = type && TYPES[type.mime];
  if (!kind) throw screenshotTypeError();
  const clean = await reencodeImage(data, kind.format, {
    maxInputPixels: MAX_INPUT_PIXELS,
    maxSide: MAX_SIDE,
  }).catch(() => {
    throw screenshotTypeError();
  });
  return { ext: kind.ext, data: clean };
}
