import { z } from 'zod';
import { text } from './common';

/**
 * Proof of delivery (docs/decisions/032-proof-of-delivery.md): a courier marking an order Delivered
 * names the recipient and gives either the order's four-digit delivery code, which its customer
 * sees on the order page and the tracking page, or a photo taken at the door.
 */
export const DELIVERY_CODE_PATTERN = /^\d{4}$/;
/** Wrong codes an order takes; the last one locks code proof for it (a photo is still taken). */
export const DELIVERY_CODE_MAX_TRIES = 5;
/** The largest proof photo the server keeps; the browser makes them about 200 KB. */
export const PROOF_PHOTO_MAX_BYTES = 300 * 1024;
/** What the browser aims for when it shrinks a photo before sending it. */
export const PROOF_PHOTO_TARGET_BYTES = 200 * 1024;
/** The photo travels as base64 in the JSON body: four characters per three bytes. */
export const PROOF_PHOTO_MAX_BASE64 = Math.ceil(PROOF_PHOTO_MAX_BYTES / 3) * 4;
export const PROOF_PHOTO_TYPES = ['image/jpeg', 'image/webp'] as const;
export type ProofPhotoType = (typeof PROOF_PHOTO_TYPES)[number];
export const RECIPIENT_NAME_MAX = 100;

export const PROOF_METHODS = ['code', 'photo'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

/** Sentences about proofs (docs/product/validation-and-messages.md#proof-of-delivery). */
export const PROOF_MESSAGES = {
  proofRequired: "Delivered needs the recipient's name and either the delivery code or a photo",
  recipientRequired: 'Recipient name is required',
  recipientTooLong: `Recipient name must be at most ${RECIPIENT_NAME_MAX} characters`,
  invalidCode: 'Delivery code must be 4 digits',
  codeOrPhoto: 'Give either the delivery code or a photo, not both',
  proofOnlyDelivered: 'A proof of delivery goes only with the status Delivered',
  invalidPhoto: 'The photo must be a JPEG or WebP image',
  photoTooLarge: `The photo must be at most ${PROOF_PHOTO_MAX_BYTES / 1024} KB`,
  codeLocked: `The delivery code is locked after ${DELIVERY_CODE_MAX_TRIES} wrong tries: take a photo instead`,
  photoNotFound: 'This order has no proof photo',
  photoRequired: 'Take a photo of the delivery',
} as const;

/** 422 for a wrong delivery code, with the tries it has left (the last wrong one answers codeLocked). */
export const wrongDeliveryCodeMessage = (triesLeft: number) =>
  `The delivery code is wrong: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The proof a courier gives with Delivered: the recipient, and the code or a photo (base64 JPEG/WebP). */
export const deliveryProofSchema = z
  .object(
    {
      recipient_name: text('Recipient name', { error: PROOF_MESSAGES.recipientRequired })
        .min(1, { error: PROOF_MESSAGES.recipientRequired, abort: true })
        .max(RECIPIENT_NAME_MAX, PROOF_MESSAGES.recipientTooLong),
      code: z
        .string({ error: PROOF_MESSAGES.invalidCode })
        .regex(DELIVERY_CODE_PATTERN, PROOF_MESSAGES.invalidCode)
        .optional(),
      photo: z
        .string({ error: PROOF_MESSAGES.invalidPhoto })
        .max(PROOF_PHOTO_MAX_BASE64, { error: PROOF_MESSAGES.photoTooLarge, abort: true })
        .regex(BASE64, PROOF_MESSAGES.invalidPhoto)
        .describe(`The photo's bytes in base64: JPEG or WebP, at most ${PROOF_PHOTO_MAX_BYTES / 1024} KB`)
        .optional(),
    },
    { error: PROOF_MESSAGES.proofRequired },
  )
  .refine((proof) => proof.code === undefined || proof.photo === undefined, {
    error: PROOF_MESSAGES.codeOrPhoto,
    path: ['code'],
  })
  .refine((proof) => proof.code !== undefined || proof.photo !== undefined, {
    error: PROOF_MESSAGES.proofRequired,
    path: ['code'],
  });
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

/** An order's proof of delivery as its customer, courier and managers read it. */
export const orderProofSchema = z
  .object({
    recipient_name: z.string(),
    method: z.enum(PROOF_METHODS),
    /** When the server received it. */
    at: z.string(),
    /** When the courier's device took it, for a delivery made offline; null otherwise. */
    device_at: z.string().nullable(),
    /** Where the photo is served to those who reach the order; null for a code proof. */
    photo_url: z.string().nullable(),
  })
  .meta({ id: 'OrderProof' });
export type OrderProof = z.infer<typeof orderProofSchema>;

/** The path of an order's proof photo. */
export const proofPhotoPath = (orderId: number) => `/api/orders/${orderId}/proof/photo`;
