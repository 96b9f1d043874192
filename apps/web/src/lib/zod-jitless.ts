// The CSP allows no eval: unless told `jitless`, zod probes `new Function` when it builds an object
// schema, and Chrome reports the refused probe as a Content-Security-Policy issue. zod keeps its
// settings in this global and adopts one made before it loads, so the landing page's entry sets it
// without carrying zod (which loads later, with the screens that validate).
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
