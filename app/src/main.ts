import { enableCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { tuneEmbeddedProcess } from './process-tuning.ts';

// Target `all` restarts itself once (same pid) with the settings of a long-lived, mostly idle process.
if (import.meta.main) tuneEmbeddedProcess();

/*
 * Held open until the process is ready. While booting, much of what the process awaits is V8's own
 * work (WebAssembly compiled in the background, modules imported), which keeps no handle in Node's
 * event loop; when the loop found nothing else alive it went on to drain V8's background tasks and
 * blocked until every one had finished, the whole queue of PGlite's functions being recompiled by the
 * optimizing tier among them. With the one V8 worker thread of target `all` that stalled a start for
 * 2–3 s (docs/features/scale.md#ci-time). A timer keeps the loop waiting for the next event instead.
 */
const booting = import.meta.main ? setInterval(() => {}, 60_000) : undefined;

/*
 * V8 sizes the young generation by how fast the program allocates, and booting (compiling every
 * module, opening the database, building six servers) allocates fast: it grows to 2 × 32 MB and an
 * idle process keeps it. Held at its starting size while booting, it is sized by the requests that
 * come after (it grows again under load, as before). An idle embedded process is ~60 MB smaller.
 */
const YOUNG_GENERATION_GROWTH = 2; // V8's default --semi-space-growth-factor
setFlagsFromString('--semi-space-growth-factor=1');

/*
 * Every target loads every module's TypeScript (about 1.5 s of parsing, stripping and compiling on a
 * quiet machine). Node keeps the result of that work on disk between starts (in the OS temp dir, or
 * NODE_COMPILE_CACHE); it must be switched on before the first import, hence the dynamic imports.
 */
enableCompileCache();
const [{ ConfigError, createLogger, loadConfig, run, untilReady }, { registry }] = await Promise.all([
  import('@lifequest/platform'),
  import('./registry.ts'),
]);

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.argv.slice(2), registry.modules);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, 'lifequest', config.logFormat);
  let app: Awaited<ReturnType<typeof run>>;
  try {
    app = await run(config, registry, log);
  } catch (error) {
    log.fatal({ err: error }, error instanceof Error ? error.message : 'failed to start');
    console.error(`\nLifeQuest could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH}`);
  if (config.target === 'all' || config.target === 'gateway') {
    // "Running" means every module answers ready (it reaches its database), the services a lone gateway
    // routes to included: the first page opened is served, not a 503 from a module still connecting.
    const modules: Record<string, string> = { gateway: app.url, ...app.serviceUrls };
    for (const [name, url] of Object.entries(config.serviceUrls)) if (url) modules[name] ??= url;
    try {
      await untilReady(modules, {
        onWait: (name, why) => log.info({ module: name, why }, `waiting for ${name} to be ready`),
      });
    } catch (error) {
      log.fatal({ err: error }, 'LifeQuest did not become ready');
      console.error(`\nLifeQuest could not start: ${error instanceof Error ? error.message : String(error)}`);
      await app.close();
      process.exit(1);
    }
    log.info({ target: config.target, url: app.url }, 'LifeQuest is running');
    process.stdout.write(`\n  LifeQuest is running at ${app.url}\n\n`);
  } else {
    log.info({ target: config.target, url: app.url }, 'LifeQuest is running');
  }
  clearInterval(booting);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A hung dependency must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.main) await main();
