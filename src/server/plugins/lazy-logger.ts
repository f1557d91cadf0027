import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when something is logged (Fastify's `childLoggerFactory`). Fastify makes a
 * pino child with the request id for every request, which costs more than the rest of the logging of a request
 * that logs nothing (most of them: the request lines are at debug, request-log.ts). The child made on the first
 * line has the same bindings, so every line still names its request.
 */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  /** The line's logger, or none when the level is off (no child is made for a line that is dropped). */
  #at(level: Method): FastifyBaseLogger | undefined {
    if (this.#child) return this.#child;
    const enabled = this.#parent.isLevelEnabled?.(level) ?? true;
    return enabled ? this.#made() : undefined;
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  // Methods on the prototype, not arrow fields: a request that logs nothing allocates the one object.
  fatal(...args: unknown[]): void {
    this.#at('fatal')?.fatal(...(args as Parameters<LogFn>));
  }
  error(...args: unknown[]): void {
    this.#at('error')?.error(...(args as Parameters<LogFn>));
  }
  warn(...args: unknown[]): void {
    this.#at('warn')?.warn(...(args as Parameters<LogFn>));
  }
  info(...args: unknown[]): void {
    this.#at('info')?.info(...(args as Parameters<LogFn>));
  }
  debug(...args: unknown[]): void {
    this.#at('debug')?.debug(...(args as Parameters<LogFn>));
  }
  trace(...args: unknown[]): void {
    this.#at('trace')?.trace(...(args as Parameters<LogFn>));
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  isLevelEnabled(level: Level | string): boolean {
    const logger = (this.#child ?? this.#parent) as { isLevelEnabled?: (level: string) => boolean };
    return logger.isLevelEnabled?.(level) ?? true;
  }
}

/** Fastify's `childLoggerFactory`: a lazy child, or pino's own when the route asks for options (a level). */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  for (const _ in options) return logger.child(bindings, options);
  // Its methods take what pino's do (LogFn's overloads are not spelled out here).
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
