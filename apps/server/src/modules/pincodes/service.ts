import {
  ORDER_MESSAGES,
  PIN_CODE_PATTERN,
  PINCODE_MESSAGES,
  type PincodeLookup,
  type PostOffice,
} from '@depot/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { loadOfflinePincodes, type PincodeIndex } from './offline-data';

const FOUND_TTL_MS = 24 * 60 * 60_000;
const NOT_FOUND_TTL_MS = 60 * 60_000;
const CACHE_MAX_ENTRIES = 5_000;
const DEFAULT_TIMEOUT_MS = 3_000;

export interface PincodeServiceDeps {
  /** PINCODE_API_URL: asked as `{url}/{pin}` for codes the offline set lacks. */
  upstreamUrl: string | undefined;
  log: FastifyBaseLogger;
  loadIndex?: () => Promise<PincodeIndex>;
  timeoutMs?: number;
  now?: () => number;
}

const found = (offices: PostOffice[]): PincodeLookup => [
  { Status: 'Success', Message: PINCODE_MESSAGES.found(offices.length), PostOffice: offices },
];
const notFound = (message: string = PINCODE_MESSAGES.notFound): PincodeLookup => [
  { Status: 'Error', Message: message, PostOffice: null },
];

const optionalText = z.string().optional().catch(undefined);
/** The public lookup's answer, read leniently: anything unexpected in an office drops that office. */
const upstreamAnswerSchema = z
  .array(
    z.object({
      Status: z.string(),
      PostOffice: z
        .array(
          z.object({
            Name: z.string(),
            Circle: optionalText,
            District: z.string(),
            Division: optionalText,
            Region: optionalText,
            Block: optionalText,
            State: z.string(),
            Country: optionalText,
            Pincode: z.union([z.string(), z.number()]).transform(String).optional(),
          }),
        )
        .nullish(),
    }),
  )
  .min(1);

/**
 * PIN codes of docs/product/business-rules.md#pin-codes: the offline data set first, then the
 * optional upstream, whose answers are cached.
 */
export function createPincodeService(deps: PincodeServiceDeps) {
  const loadIndex = deps.loadIndex ?? loadOfflinePincodes;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cache = new Map<string, { answer: PincodeLookup; expiresAt: number }>();
  const inFlight = new Map<string, Promise<PincodeLookup>>();

  function remember(pin: string, answer: PincodeLookup, ttlMs: number) {
    cache.delete(pin);
    cache.set(pin, { answer, expiresAt: now() + ttlMs });
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }

  async function askUpstream(baseUrl: string, pin: string): Promise<PincodeLookup> {
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/${pin}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`upstream answered ${response.status}`);
      const parsed = upstreamAnswerSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('upstream answer is not in the lookup shape');
      const [first] = parsed.data;
      const offices = (first?.Status === 'Success' ? (first.PostOffice ?? []) : [])
        .filter((office) => office.Pincode === undefined || office.Pincode === pin)
        .map(({ Pincode: _pincode, ...office }) => {
          const kept = Object.entries(office).filter(([, value]) => value !== undefined);
          return { ...(Object.fromEntries(kept) as Omit<PostOffice, 'Pincode'>), Pincode: pin };
        });
      const answer = offices.length > 0 ? found(offices) : notFound();
      remember(pin, answer, offices.length > 0 ? FOUND_TTL_MS : NOT_FOUND_TTL_MS);
      return answer;
    } catch (error) {
      // Not cached: the next order with this code asks again.
      deps.log.warn({ err: error, pin }, 'PIN code lookup upstream failed');
      return notFound();
    }
  }

  async function lookup(rawPin: string): Promise<PincodeLookup> {
    const pin = rawPin.trim();
    if (!PIN_CODE_PATTERN.test(pin)) return notFound(ORDER_MESSAGES.invalidPinCode);
    const offices = (await loadIndex()).get(pin);
    if (offices) return found([...offices]);
    if (!deps.upstreamUrl) return notFound();

    const cached = cache.get(pin);
    if (cached && cached.expiresAt > now()) return cached.answer;
    let pending = inFlight.get(pin);
    if (!pending) {
      pending = askUpstream(deps.upstreamUrl, pin).finally(() => inFlight.delete(pin));
      inFlight.set(pin, pending);
    }
    return pending;
  }

  return {
    lookup,

    /**
     * A code that names at least one post office, as order placement needs
     * (docs/product/validation-and-messages.md#pin-codes).
     */
    async isValid(pin: string): Promise<boolean> {
      // Most codes are in the offline set: answered without building its offices.
      if ((await loadIndex()).has(pin.trim())) return true;
      const [answer] = await lookup(pin);
      return answer?.Status === 'Success' && (answer.PostOffice?.length ?? 0) > 0;
    },
  };
}

export type PincodeService = ReturnType<typeof createPincodeService>;
