/** A reader of the Server-Sent Events stream (GET /api/events), as a browser's EventSource would get it. */

export interface SseMessage {
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

function parseMessage(block: string): SseMessage {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else {
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').trimStart();
      if (field === 'event' || field === 'data' || field === 'retry') message[field] = value;
    }
  }
  return message;
}

/** Opens GET /api/events over real HTTP with the session cookie and reads it message by message. */
export async function openStream(baseUrl: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const queue: SseMessage[] = [];
  const received: SseMessage[] = [];

  async function readMore(deadline: number): Promise<boolean> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), remaining);
    });
    const result = await Promise.race([reader.read(), timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
    if (result.done) {
      ended = true;
      return false;
    }
    buffer += decoder.decode(result.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const message = parseMessage(buffer.slice(0, end));
      queue.push(message);
      received.push(message);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    return true;
  }

  return {
    response,
    /** Every message so far, in order, whether or not next() has taken it. */
    received,
    /** The next message that matches, within the time given. */
    async next(match: (message: SseMessage) => boolean, withinMs = 1000): Promise<SseMessage> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index !== -1) return queue.splice(index, 1)[0] as SseMessage;
        if (!(await readMore(deadline))) {
          throw new Error(ended ? 'stream ended' : `no matching message within ${withinMs} ms`);
        }
      }
    },
    /** Resolves true once the server ends the stream. */
    async ended(withinMs = 1000): Promise<boolean> {
      const deadline = Date.now() + withinMs;
      while (!ended && (await readMore(deadline))) {}
      return ended;
    },
    close: () => abort.abort(),
  };
}
