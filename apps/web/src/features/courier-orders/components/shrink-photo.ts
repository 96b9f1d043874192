import { PROOF_PHOTO_TARGET_BYTES } from '@depot/contract';

/** The longest side a proof photo keeps: enough to read a door number, small enough to send on a weak signal. */
const LONGEST_SIDE = 1280;
const QUALITIES = [0.82, 0.7, 0.58, 0.46];

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This browser could not make the photo smaller'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * A phone camera's photo made a JPEG of about 200 KB at most in the browser with a canvas
 * (docs/decisions/032-proof-of-delivery.md): scaled to 1280 px on its longest side, then saved at
 * falling qualities, then smaller again, until it fits (the server keeps 300 KB at most).
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  // createImageBitmap turns the photo upright by its EXIF orientation, as an <img> would.
  const bitmap = await createImageBitmap(file);
  try {
    let scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    for (let round = 0; round < 4; round += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser could not make the photo smaller');
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of QUALITIES) {
        const blob = await toBlob(canvas, quality);
        if (blob.size <= PROOF_PHOTO_TARGET_BYTES) return blob;
      }
      scale *= 0.7;
    }
    throw new Error('The photo could not be made small enough: take it again');
  } finally {
    bitmap.close();
  }
}

/** A Blob's bytes in base64, as the proof's `photo` field carries them. */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}
