import { unhandledRejections, type Logger } from '@gl/core/server';

/**
 * The process-level safety net: Node 20 ends the process on a promise rejection nothing handled,
 * which would take every user's requests and sockets down with one missed `.catch` (a publish
 * while Redis is away was one). Such a rejection is logged with its error, counted
 * (`gl_unhandled_rejections_total`) and the process keeps serving. Each one is still a bug: the
 * code that made the promise should handle it. Uncaught exceptions are left to Node (the state
 * after a synchronous throw is unknown; the orchestrator restarts the process).
 */
export function keepServingOnUnhandledRejection(
  logger: () => Logger | undefined,
  /**
   * True while the process is still starting: there is nothing to keep serving yet, and a start that
   * waited on the rejected promise would wait for ever (a launcher that never exits); the start ends
   * here instead, with one line and exit code 1.
   */
  starting: () => boolean = () => false,
): () => void {
  const onRejection = (reason: unknown) => {
    unhandledRejections.inc();
    const err = reason instanceof Error ? reason : new Error(String(reason));
    if (starting()) {
      console.error(`Genius Lines could not start: ${err.message.split('\n')[0] || err.name}`);
      process.exit(1);
    }
    const log = logger();
    if (log) log.error({ err }, 'unhandled promise rejection: logged, and the process keeps serving');
    else console.error('unhandled promise rejection: logged, and the process keeps serving', err);
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
