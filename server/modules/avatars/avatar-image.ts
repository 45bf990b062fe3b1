import { AVATAR_SIZE_PX } from '@core/contracts';
import sharp from 'sharp';
import { HttpError } from '../../lib/http';

/*
 * Turning an upload into the picture we store (decision 023). Nothing of the uploaded file is
 * kept: it is decoded and a new WebP is written from the pixels, so a file that only pretends to be
 * an image, carries a script, GPS position or camera serial in its metadata, or hides something
 * after the image data, never reaches anyone's screen.
 */

/**
 * The most pixels an upload may have (25 megapixels, e.g. 6000x4000). A small compressed file
 * can claim a huge canvas (a "decompression bomb": 8000x8000 of one colour is 200 kB as PNG but
 * 256 MB decoded), so sharp refuses to decode past this. Photos that fit in 2 MB are far smaller.
 */
export const AVATAR_INPUT_PIXELS_MAX = 25_000_000;

/** Formats we decode: the same four the upload may declare. sharp also reads SVG, TIFF, HEIF: refused. */
const DECODABLE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

const WEBP_QUALITY = 82;

export const notAnImage = () =>
  new HttpError(400, 'invalid_image', 'The file is not a picture we can read. Upload a PNG, JPEG, WebP or GIF image.');

const tooManyPixels = () =>
  new HttpError(
    400,
    'image_too_large',
    `The picture is too large: at most ${AVATAR_INPUT_PIXELS_MAX / 1_000_000} megapixels (for example 6000 x 4000).`,
  );

/**
 * Decodes the upload (PNG, JPEG, WebP or GIF, whatever its Content-Type said: the bytes decide),
 * turns it upright by its EXIF orientation, crops the centre to a square of AVATAR_SIZE_PX and
 * writes a WebP without metadata. Anything sharp cannot read is a 400, never a 500. Only the first
 * frame of an animated GIF or WebP is kept.
 */
export async function convertToAvatarImage(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength === 0) throw notAnImage();
  // failOn 'error' (not the stricter default 'warning'): many cameras write small oddities that
  // decode fine; a truncated or broken file is still an error.
  const options = { limitInputPixels: AVATAR_INPUT_PIXELS_MAX, failOn: 'error' } as const;
  // The header alone (no pixels decoded yet): the format and the canvas size it claims.
  const metadata = await sharp(input, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notAnImage();
    });
  if (!metadata.format || !DECODABLE_FORMATS.has(metadata.format)) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_INPUT_PIXELS_MAX) throw tooManyPixels();
  try {
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}
