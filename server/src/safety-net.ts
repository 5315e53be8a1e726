import { unhandledRejections, type Logger } from '@gl/core/server';

/**
 * The process-level safety net: Node 20 ends the process on a promise rejection nothing handled,
 * which would take every user's requests and sockets down with one missed `.catch` (a publish
 * while Redis is away was one). Such a rejection is logged with its error, counted
 * (`gl_unhandled_rejections_total`) and the process keeps serving. Each one is still a bug: the
 * code that made the promise should handle it. Uncaught exceptions are left to Node (the state
 * after a synchronous throw is unknown; the orchestrator restarts the process).
 */
export function keepServingOnUnhandledRejection(logger: () => Logger | undefined): () => void {
  const onRejection = (reason: unknown) => {
    unhandledRejections.inc();
    const err = reason instanceof Error ? reason : new Error(String(reason));
    const log = logger();
    if (log) log.error({ err }, 'unhandled promise rejection: logged, and the process keeps serving');
    else console.error('unhandled promise rejection: logged, and the process keeps serving', err);
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
